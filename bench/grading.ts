/**
 * Free-response grading measured against people. Every answer of the labelled set
 * (`../shared/fixtures/grading/short-answers-train.csv`: real short answers to computer-science
 * questions, each scored 0-5 by two people) is graded through the offline provider exactly as the
 * deck service grades one (`apps/deck/src/modules/questions/grading.service.ts` over
 * `createLocalStudyAi().evaluateAnswer`). Prints, with the load average:
 *   - Pearson r of the accuracy (0-10) against the people's average, and of the two people with each
 *     other on the same rows (how far people themselves agree: the ceiling worth aiming at);
 *   - the stoplight table by human score band (< 2.5, 2.5-4, >= 4): the share graded red/yellow/green;
 *   - r again without the rows whose answer is a spreadsheet error value ("#NAME?": the file went
 *     through a spreadsheet that took answers opening with "=" or "-" for formulas; the people scored
 *     the text that was lost, so no grader can be right on them);
 *   - the memory and time the grader's data cost when first loaded (wink, WordNet, word vectors);
 *   - the same on two halves of the questions: "tune" (even places in the order of question ids) and
 *     "held out" (odd places), so a change tuned on one half can be checked on answers it never saw.
 * Asserts nothing.
 *
 *   pnpm bench:grading            GRADING_CSV=<file> to grade another file of the same columns
 *   GRADING_SHOW=20 pnpm bench:grading   also prints the 20 answers the grader is furthest off on
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
// eslint-disable-next-line no-restricted-imports -- a bench, not an app: it measures the deck service's own grading path
import { createGrading } from '../apps/deck/src/modules/questions/grading.service';
import { createLocalStudyAi } from '../packages/ai/src/providers/local/index';
import { wordVectors } from '../packages/ai/src/providers/local/word-vectors';
import { GRADING_CSV, pearson, readGradingRows, SPREADSHEET_ERROR, tuneHalf } from './grading-data';

type Graded = {
  id: string;
  question: string;
  expected: string;
  answer: string;
  me: number;
  other: number;
  lost: boolean;
  human: number;
  accuracy: number;
  clarity: number;
  depth: number;
  stoplight: 'red' | 'yellow' | 'green';
  feedback: string;
};

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');


const BANDS = [
  { name: 'people < 2.5', test: (h: number) => h < 2.5 },
  { name: 'people 2.5-4', test: (h: number) => h >= 2.5 && h < 4 },
  { name: 'people >= 4', test: (h: number) => h >= 4 },
];
const pct = (n: number, d: number) =>
  d === 0 ? '    -' : `${((100 * n) / d).toFixed(1).padStart(4)}%`;

function report(label: string, rows: Graded[]): void {
  const questions = new Set(rows.map((r) => r.id)).size;
  const r = pearson(
    rows.map((g) => g.accuracy),
    rows.map((g) => g.human),
  );
  const people = pearson(
    rows.map((g) => g.me),
    rows.map((g) => g.other),
  );
  console.log(`\n${label}: ${rows.length} answers to ${questions} questions (load ${load()})`);
  const kept = rows.filter((g) => !g.lost);
  const rKept = pearson(
    kept.map((g) => g.accuracy),
    kept.map((g) => g.human),
  );
  console.log(`  Pearson r, accuracy vs people's average: ${r.toFixed(3)}`);
  console.log(
    `  the same without ${rows.length - kept.length} spreadsheet-error answers: ${rKept.toFixed(3)}`,
  );
  console.log(`  Pearson r, one person vs the other:      ${people.toFixed(3)}`);
  console.log('  band            answers    red  yellow  green');
  for (const band of BANDS) {
    const inBand = rows.filter((g) => band.test(g.human));
    const count = (s: Graded['stoplight']) => inBand.filter((g) => g.stoplight === s).length;
    console.log(
      `  ${band.name.padEnd(14)} ${String(inBand.length).padStart(8)}   ${pct(count('red'), inBand.length)}   ${pct(count('yellow'), inBand.length)}   ${pct(count('green'), inBand.length)}`,
    );
  }
  const mean = (f: (g: Graded) => number) =>
    (rows.reduce((a, g) => a + f(g), 0) / rows.length).toFixed(1);
  console.log(
    `  mean accuracy ${mean((g) => g.accuracy)}, clarity ${mean((g) => g.clarity)}, depth ${mean((g) => g.depth)}`,
  );
}

const rows = readGradingRows();
const grading = createGrading({ study: createLocalStudyAi() });

console.log(
  `Grading bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`,
);
console.log(`${GRADING_CSV}`);

const graded: Graded[] = [];
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const before = process.memoryUsage();
const started = performance.now();
for (const row of rows) {
  const evaluation = await grading.grade(
    {
      questionType: 'free_response',
      question: row.question,
      options: [],
      correctAnswerIndex: null,
      correctAnswerText: null,
      expectedAnswer: row.desired_answer,
      caseContext: null,
    },
    row.student_answer,
  );
  const fr = evaluation.freeResponse;
  if (!fr) throw new Error('a free-response question was graded as multiple choice');
  graded.push({
    id: row.id,
    question: row.question,
    expected: row.desired_answer,
    answer: row.student_answer,
    me: Number(row.score_me),
    other: Number(row.score_other),
    lost: SPREADSHEET_ERROR.test(row.student_answer.trim()),
    human: Number(row.score_avg),
    accuracy: fr.accuracy,
    clarity: fr.clarity,
    depth: fr.depth,
    stoplight: fr.stoplight,
    feedback: fr.feedback,
  });
}
const elapsed = performance.now() - started;
global.gc?.();
const after = process.memoryUsage();
const vectors = wordVectors().stats;
console.log(
  `word vectors: ${vectors.words} words, ${mb(vectors.bytes)} held, read in ${vectors.loadMs} ms; process after grading: rss +${mb(after.rss - before.rss)}, heap +${mb(after.heapUsed - before.heapUsed)} (wink, WordNet and the vectors, loaded once)`,
);
console.log(
  `graded ${graded.length} answers in ${elapsed.toFixed(0)} ms (${(elapsed / graded.length).toFixed(2)} ms each, first includes loading)`,
);

const tune = tuneHalf(graded.map((g) => g.id));
report('All', graded);
report(
  'Tune half (even places)',
  graded.filter((g) => tune.has(g.id)),
);
report(
  'Held-out half (odd places)',
  graded.filter((g) => !tune.has(g.id)),
);

const show = Number(process.env.GRADING_SHOW ?? 0);
if (show > 0) {
  console.log(`\nFurthest off (accuracy/2 vs people's average), tune half only:`);
  const off = graded
    .filter((g) => tune.has(g.id))
    .map((g) => ({ g, gap: g.accuracy / 2 - g.human }))
    .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap))
    .slice(0, show);
  for (const { g, gap } of off) {
    console.log(
      `\n[${g.id}] people ${g.human} / grader ${g.accuracy} (${gap > 0 ? '+' : ''}${gap.toFixed(1)}) clarity ${g.clarity}\n  Q: ${g.question}\n  E: ${g.expected}\n  A: ${g.answer}\n  F: ${g.feedback}`,
    );
  }
}
