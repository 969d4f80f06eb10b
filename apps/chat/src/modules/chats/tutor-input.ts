import type { ChatMode, VectorContextInput } from '@mnemo/contracts/api/chat';
import type { Attribution, ChatHistory } from '@mnemo/contracts/entities/chat';
import type { ChatTurn, Citation, RetrievedChunk, StudyAi, TutorInput } from '@mnemo/ai/types';

/** Saved chat titles (spec 02 §5): the mode's prefix plus the first 50 characters. */
export const TITLE_PREFIX: Record<ChatMode, string> = {
  source: 'Source Discussion: ',
  question: 'Study Session: ',
};
export const TITLE_CUT = 50;

export function defaultTitle(mode: ChatMode, firstMessage: string | undefined): string {
  const text = (firstMessage ?? '').replace(/\s+/g, ' ').trim().slice(0, TITLE_CUT).trim();
  return `${TITLE_PREFIX[mode]}${text || 'New chat'}`;
}

/** A stored chat keeps its mode in its title's prefix; any other title is a study session. */
export const modeOfTitle = (title: string): ChatMode =>
  title.startsWith(TITLE_PREFIX.source) ? 'source' : 'question';

// Chunks the client sends may lack a chunk index (the spec's chunk has none) or, for plain text
// context, a source: such passages are given to the tutor but never appear in attribution.
const UNKNOWN_INDEX = -1;
const NO_SOURCE = '';

/**
 * `vectorContext` in any accepted shape (chunks, the retrieve-context answer, formatted text) as
 * the tutor's passages, best first as the client ordered them.
 */
export function toRetrievedChunks(input: VectorContextInput): RetrievedChunk[] {
  if (input === null || input === undefined) return [];
  if (typeof input === 'string') {
    const content = input.trim();
    return content
      ? [{ chunkId: 'context', sourceId: NO_SOURCE, sourceTitle: '', chunkIndex: UNKNOWN_INDEX, content, score: 1 }]
      : [];
  }
  const chunks = Array.isArray(input) ? input : input.chunks;
  return chunks.map((c, i) => ({
    chunkId: `${c.sourceId}:${c.chunkIndex ?? `n${i}`}`,
    sourceId: c.sourceId,
    sourceTitle: c.sourceTitle,
    chunkIndex: c.chunkIndex ?? UNKNOWN_INDEX,
    content: c.content,
    score: c.score,
    ...(c.page !== undefined ? { page: c.page } : {}),
    ...(c.startSeconds !== undefined ? { startSeconds: c.startSeconds } : {}),
  }));
}

/**
 * Citations as the chat's attribution, with each [n] marker's passage: passages without a source or
 * an index are left out.
 */
export function toAttribution(citations: readonly Citation[]): Attribution[] {
  return citations
    .filter((c) => c.sourceId !== NO_SOURCE)
    .map((c) => {
      const passages = (c.passages ?? []).filter((p) => p.chunkIndex >= 0);
      return {
        sourceId: c.sourceId,
        title: c.title,
        chunkIndexes: c.chunkIndexes.filter((n) => n >= 0),
        ...(passages.length > 0 ? { passages } : {}),
      };
    });
}

/** The turns the tutor sees: system messages are the deck's instructions, given separately. */
export const toTurns = (messages: ChatHistory | ReadonlyArray<{ role: string; content: string }>): ChatTurn[] =>
  messages.flatMap((m) => (m.role === 'user' || m.role === 'assistant' ? [{ role: m.role, content: m.content }] : []));

export type TutorAnswer = { fullResponse: string; attribution: Attribution[] };

/**
 * Runs the tutor to the end, handing each text delta to `onText` as it comes. Errors (AiError
 * included) propagate; an aborted signal ends the iteration early with what was produced so far.
 */
export async function runTutor(
  study: Pick<StudyAi, 'tutor'>,
  input: TutorInput,
  onText: (text: string) => void = () => {},
): Promise<TutorAnswer> {
  let fullResponse = '';
  let attribution: Attribution[] = [];
  for await (const event of study.tutor(input)) {
    if (event.type === 'text') {
      fullResponse += event.text;
      onText(event.text);
    } else {
      attribution = toAttribution(event.citations);
    }
    if (input.signal?.aborted) break;
  }
  return { fullResponse, attribution };
}
