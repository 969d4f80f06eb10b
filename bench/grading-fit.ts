/**
 * Where the offline grader's constants come from. Reads the labelled set
 * (`../shared/fixtures/grading/short-answers-train.csv`), keeps only the TUNE half of its questions
 * (even places in id order, as bench/grading.ts splits them) and, on those answers:
 *   - fits the linear model of `evaluate.ts` (`WEIGHTS`) by least squares against the people's average;
 *   - picks the stoplight's edges on people's scale: `GREEN_FROM`, the lowest score at which at most
 *     4% of the answers people scored below 2.5 would be green (the goal is 5%), and `YELLOW_FROM`,
 *     the highest at which at most 5% of those they scored 4 or more would be red (the goal is 10%).
 * The held-out half is never read here: bench/grading.ts reports it. Rows whose answer is a
 * spreadsheet error value ("#NAME?": the text people scored was lost) are left out of the fit.
 * Prints what it finds beside the constants in use; asserts nothing, writes nothing.
 *
 *   pnpm bench:grading-fit
 */
import {
  featuresOf,
  freeResponseSignals,
  GREEN_FROM,
  predictedScore,
  WEIGHTS,
  YELLOW_FROM,
} from '../packages/ai/src/providers/local/evaluate';
import { readGradingRows, SPREADSHEET_ERROR, tuneHalf } from './grading-data';

const rows = readGradingRows();
const tune = tuneHalf(rows.map((r) => r.id));
const lost = SPREADSHEET_ERROR;

const data = rows
  .filter((r) => tune.has(r.id) && !lost.test(r.student_answer.trim()))
  .map((r) => {
    const signals = freeResponseSignals(
      {
        questionType: 'free_response',
        question: r.question,
        options: [],
        correctAnswerIndex: null,
        correctAnswerText: null,
        expectedAnswer: r.desired_answer,
        caseContext: null,
      },
      r.student_answer,
    );
    return { signals, human: Number(r.score_avg) };
  });

// Least squares through the normal equations (five unknowns: a 5×5 system, solved by elimination).
const names = Object.keys(featuresOf(data[0]!.signals)) as (keyof ReturnType<typeof featuresOf>)[];
const X = data.map((d) => [...names.map((n) => featuresOf(d.signals)[n]), 1]);
const y = data.map((d) => d.human);
const k = names.length + 1;
const A = Array.from({ length: k }, (_, i) =>
  Array.from({ length: k + 1 }, (_, j) =>
    X.reduce((sum, x, r) => sum + (x[i] ?? 0) * (j === k ? (y[r] ?? 0) : (x[j] ?? 0)), 0),
  ),
);
for (let c = 0; c < k; c++) {
  const pivot = A[c]![c]!;
  for (let r = 0; r < k; r++) {
    if (r === c) continue;
    const f = A[r]![c]! / pivot;
    for (let j = c; j <= k; j++) A[r]![j]! -= f * A[c]![j]!;
  }
}
const fitted = A.map((row, i) => row[k]! / row[i]!);
console.log(`tune half: ${data.length} answers to ${tune.size} questions`);
console.log(
  'least squares: ',
  names.map((n, i) => `${n} ${fitted[i]!.toFixed(2)}`).join(', '),
  `bias ${fitted[k - 1]!.toFixed(2)}`,
);
console.log('in evaluate.ts:', JSON.stringify(WEIGHTS));

// The edges, on the scores as the grader computes them (its caps included).
const scored = data.map((d) => ({ p: predictedScore(d.signals), human: d.human }));
const low = scored.filter((s) => s.human < 2.5);
const high = scored.filter((s) => s.human >= 4);
const steps = Array.from({ length: 51 }, (_, i) => 2.5 + i * 0.05);
const greenFrom = steps.find((b) => low.filter((s) => s.p >= b).length <= 0.04 * low.length);
const yellowFrom = [...steps]
  .reverse()
  .find((a) => high.filter((s) => s.p < a).length <= 0.05 * high.length);
console.log(
  `edges: yellow from ${yellowFrom?.toFixed(2)}, green from ${greenFrom?.toFixed(2)} (in evaluate.ts: ${YELLOW_FROM}, ${GREEN_FROM})`,
);
