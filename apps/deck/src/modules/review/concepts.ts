/**
 * Concepts for a question written before questions carried them (issue 20: "existing questions get
 * tags from their passage"). The key words of the question that its passage (chunk, else the
 * source's key points) keeps coming back to, with adjacent ones joined into a phrase. Mnemo's own
 * heuristic, deliberately small: generated questions are tagged by the AI providers instead.
 */
import { MAX_CONCEPTS, normalizeConcepts } from '@mnemo/contracts/entities/question';

const STOP = new Set(
  'about above after again against also among another because been before being below between both could does doing down during each either every from further have having here hers itself just like many more most much must neither only other ought ours over same should some such than that their theirs them then there these they this those through under until very were what when where which while whom whose will with within without would your yours explain describe define following called known used using true false main given name named state question answer following statement best correct'.split(' '),
);

const words = (text: string) => text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? [];
const isKey = (w: string) => w.length >= 4 && !STOP.has(w);

export function conceptsFromPassage(input: {
  question: string;
  passage: string | null;
  keyPoints: readonly string[];
  sourceTitle: string | null;
}): string[] {
  const context = [input.passage ?? '', ...input.keyPoints].join(' ');
  const freq = new Map<string, number>();
  for (const w of words(context)) if (isKey(w)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const qWords = words(input.question);
  // Score each key word of the question by how often the passage uses it.
  const scored = qWords
    .map((w, i) => ({ w, i, score: isKey(w) ? 1 + (freq.get(w) ?? 0) : 0 }))
    .filter((x) => x.score > 0);
  const chosen = new Set(
    [...scored].sort((a, b) => b.score - a.score || a.i - b.i).slice(0, MAX_CONCEPTS).map((x) => x.i),
  );
  // Adjacent chosen words make one phrase ("cellular respiration").
  const phrases: string[] = [];
  let current: string[] = [];
  qWords.forEach((w, i) => {
    if (chosen.has(i)) current.push(w);
    else if (current.length) {
      phrases.push(current.join(' '));
      current = [];
    }
  });
  if (current.length) phrases.push(current.join(' '));
  const unique = normalizeConcepts(phrases);
  if (unique.length === 0 && input.sourceTitle?.trim()) return normalizeConcepts([input.sourceTitle.toLowerCase()]);
  return unique;
}
