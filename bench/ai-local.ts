// Figures for the offline AI provider (packages/ai/src/providers/local) on the real web fixtures:
// embeddings per second, and the time to write 25 questions from a 20-page source.
// Run: pnpm bench:ai   (tsx bench/ai-local.ts). Prints figures; asserts nothing.
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  chunkFixture,
  webFixtureNames,
  webFixtureText,
} from '../packages/ai/src/providers/local/fixture-text';
import {
  createHashingEmbedder,
  createLocalStudyAi,
} from '../packages/ai/src/providers/local/index';
import { analysisNlp, tokenizerNlp } from '../packages/ai/src/providers/local/nlp';
import type { QuestionType } from '@mnemo/contracts/entities/question';

const DIMENSIONS = Number(process.env.EMBEDDING_DIMENSIONS ?? 384);
const TYPES: QuestionType[] = [
  'multiple_choice',
  'free_response',
  'case_multiple_choice',
  'case_free_response',
];
const words = (text: string) => (text.match(/\S+/g) ?? []).length;
const ms = (t: number) => `${t.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

console.log(
  `Offline AI provider bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`,
);

const [loadMs] = await time(() => {
  analysisNlp();
  tokenizerNlp();
});
console.log(
  `\nwink-nlp + English lite model, both instances loaded: ${ms(loadMs)} (once per process)`,
);

// --- Embeddings -----------------------------------------------------------------------------
const fixtures = webFixtureNames().map((name) => webFixtureText(name));
const chunks = fixtures.flatMap((f) => chunkFixture(f, { sourceId: f.name }));
const chunkWords = chunks.reduce((n, c) => n + words(c.content), 0);
const embedder = createHashingEmbedder({ dimensions: DIMENSIONS });
await embedder.embed(chunks.map((c) => c.content)); // warm-up: JIT
const rounds: number[] = [];
while (rounds.reduce((a, b) => a + b, 0) < 3000) {
  const [t] = await time(() => embedder.embed(chunks.map((c) => c.content)));
  rounds.push(t);
}
const perRound = median(rounds);
console.log(
  `\nEmbeddings (${embedder.model}): ${chunks.length} chunks of the ${fixtures.length} web fixtures, ~${Math.round(chunkWords / chunks.length)} words each`,
);
console.log(
  `  ${(chunks.length / (perRound / 1000)).toFixed(0)} chunks/s, ${(chunkWords / (perRound / 1000) / 1000).toFixed(0)}k words/s (median of ${rounds.length} rounds, ${ms(perRound)} a round)`,
);
const [oneMs] = await time(() =>
  embedder.embed(['How does black-box monitoring differ from white-box monitoring?']),
);
console.log(`  one short query: ${oneMs.toFixed(2)} ms`);

// What scores look like, for whoever sets a retrieval threshold: a question against the chunk that
// answers it, and against all the other chunks.
const probes: [string, string][] = [
  [
    'What are the four golden signals of monitoring?',
    'four golden signals of monitoring are latency',
  ],
  ['When did AOL reduce its involvement with Mozilla?', 'reduced its involvement with Mozilla'],
  ['Who invented JavaScript?', 'when he invented JavaScript'],
  ['Why are whales stranding in New Zealand?', 'whale stranding capital of the world'],
  ['What trade sanctions will the United States lift on Sudan?', 'lift trade sanctions'],
];
const chunkVectors = await embedder.embed(chunks.map((c) => c.content));
const hits: number[] = [];
const others: number[] = [];
const ranks: number[] = [];
for (const [question, fact] of probes) {
  const [q] = await embedder.embed([question]);
  const scores = chunkVectors.map((v) => v.reduce((s, x, k) => s + x * (q![k] ?? 0), 0));
  const holder = chunks.findIndex((c) => c.content.includes(fact));
  hits.push(scores[holder] ?? 0);
  ranks.push(scores.filter((s) => s > (scores[holder] ?? 0)).length + 1);
  scores.forEach((s, i) => i !== holder && others.push(s));
}
console.log(
  `  question vs the chunk that answers it: cosine ${Math.min(...hits).toFixed(2)}-${Math.max(...hits).toFixed(2)}, ranked ${ranks.join(', ')} of ${chunks.length}; vs other chunks: median ${median(others).toFixed(2)}, max ${Math.max(...others).toFixed(2)}`,
);

// --- 25 questions from a 20-page source ---------------------------------------------------------
// ~500 words a page: the article texts, largest first, paragraph by paragraph up to 10,000 words.
const ordered = [...fixtures].sort((a, b) => words(b.text) - words(a.text));
const paragraphs: string[] = [];
let total = 0;
const used = new Set<string>();
for (const f of ordered) {
  for (const p of f.text.split(/\n\s*\n/)) {
    if (total >= 10_000) break;
    paragraphs.push(p);
    total += words(p);
    used.add(f.name);
  }
}
const book = { title: '20-page source', text: paragraphs.join('\n\n') };
// ~500 tokens a chunk at ~0.75 words a token.
const bookChunks = chunkFixture(book, { sourceId: 'book', maxWords: 375 });
console.log(
  `\n20-page source: ${words(book.text)} words from ${used.size} fixtures, ${bookChunks.length} chunks of ~500 tokens`,
);

const ai = createLocalStudyAi();
const generate = () => ai.generateQuestions({ chunks: bookChunks, count: 25, types: TYPES });
const [coldMs, first] = await time(generate);
const runs: number[] = [];
for (let i = 0; i < 5; i++) runs.push((await time(generate))[0]);
const byType = TYPES.map((t) => `${t} ${first.filter((q) => q.questionType === t).length}`).join(
  ', ',
);
console.log(
  `  25 questions, four types: first call ${ms(coldMs)}, then median ${ms(median(runs))} of 5 (${first.length} made: ${byType})`,
);

// As the ingest worker calls them: the summary, then the key points of the same text.
const [summaryMs] = await time(() => ai.summarize({ title: book.title, text: book.text }));
const [keyMs, points] = await time(() => ai.keyPoints({ title: book.title, text: book.text }));
console.log(
  `  summary ${ms(summaryMs)}, then key points ${ms(keyMs)} (${points.length} points; the analysis is shared)`,
);

const [embedBookMs, vectors] = await time(() => embedder.embed(bookChunks.map((c) => c.content)));
const query = 'What are the four golden signals of monitoring?';
const [queryVector] = await embedder.embed([query]);
const context = bookChunks
  .map((c, i) => ({
    ...c,
    score: vectors[i]!.reduce((s, v, k) => s + v * (queryVector![k] ?? 0), 0),
  }))
  .sort((a, b) => b.score - a.score)
  .slice(0, 5);
const [tutorMs] = await time(async () => {
  for await (const _event of ai.tutor({ mode: 'source', message: query, history: [], context })) {
    // drain
  }
});
console.log(
  `  embedding its ${bookChunks.length} chunks ${ms(embedBookMs)}; a tutor answer from the top 5 chunks ${ms(tutorMs)}`,
);
