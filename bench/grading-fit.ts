/**
 * Where the offline grader's constants come from. Reads the labelled set
 * (`../shared/fixtures/grading/short-answers-train.csv`), keeps only the TUNE half of its questions
 * (even places in id order, as bench/grading.ts splits them) and, on those answers:
 *   - fits the linear model of `evaluate.ts` (`WEIGHTS`) by least squares against the people's average;
 *   - picks the stoplight's edges on people's scale: `GREEN_FROM`, the lowest score at which at most
 *     4% of the answers people scored below 2.5 would be green (the goal is 5%), and `YELLOW_FROM`,
 *     the highest at which at most 5% of those they scored 4 or more would be red (the goal is 10%).
 * Rows whose answer is a spreadsheet error value ("#NAME?": the text people scored was lost) are left
 * out of the fit. Prints what it finds beside the constants in use; asserts nothing, writes nothing.
 *
 * To choose between candidate changes without reading the held-out half, it first cross-validates
 * within the tune half: 8-fold by question (the tune half's questions in id order, fold = place mod 8),
 * each fold graded by weights and edges fitted on the other seven. (A gain there is necessary, not
 * sufficient: a model form that gained 0.04 r this way lost 0.07 on the held-out half; see
 * bench/README.md.)
 *
 * Then, so that overfitting shows, it runs the same fit on other splits of the questions and grades
 * the questions each fit never saw (r of the rounded accuracy against the people's average, and the
 * stoplight goals): the halves swapped (fit on the held-out half, graded on the tune half), and
 * 10-fold over all questions (the questions in id order, fold = place mod 10), and the same 10-fold
 * over 20 seeded random orders of the questions (mean and spread: how much one split's luck moves r).
 * These checks read the held-out half; the constants in evaluate.ts come from the tune half alone.
 *
 *   pnpm bench:grading-fit
 */
import {
  featuresOf,
  freeResponseSignals,
  type FreeResponseSignals,
  GREEN_FROM,
  type GradingModel,
  accuracyOf,
  predictedScore,
  WEIGHTS,
  YELLOW_FROM,
} from '../packages/ai/src/providers/local/evaluate';
import {
  type GradingRow,
  pearson,
  readGradingRows,
  SPREADSHEET_ERROR,
  tuneHalf,
} from './grading-data';

type Row = { id: string; signals: FreeResponseSignals; human: number; lost: boolean };

const byPlace = (a: string, b: string) => {
  const [a1 = 0, a2 = 0] = a.split('.').map(Number);
  const [b1 = 0, b2 = 0] = b.split('.').map(Number);
  return a1 - b1 || a2 - b2;
};

const signalsOf = (r: GradingRow): Row => ({
  id: r.id,
  signals: freeResponseSignals(
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
  ),
  human: Number(r.score_avg),
  lost: SPREADSHEET_ERROR.test(r.student_answer.trim()),
});

const names = (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).filter(
  (n): n is Exclude<keyof typeof WEIGHTS, 'bias'> => n !== 'bias',
);

/** Least squares through the normal equations (five unknowns: a 5×5 system, solved by elimination). */
function leastSquares(rows: Row[]): typeof WEIGHTS {
  const X = rows.map((d) => {
    const f = featuresOf(d.signals);
    return [...names.map((n) => f[n]), 1];
  });
  const y = rows.map((d) => d.human);
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
  const solved = A.map((row, i) => row[k]! / row[i]!);
  return {
    ...(Object.fromEntries(names.map((n, i) => [n, solved[i]!])) as Omit<typeof WEIGHTS, 'bias'>),
    bias: solved[k - 1]!,
  };
}

/** The weights, then the edges on the scores as the grader computes them (its caps included). */
function fit(rows: Row[]): GradingModel {
  const kept = rows.filter((r) => !r.lost);
  const weights = leastSquares(kept);
  // The edges move the contradiction cap; it only matters for the few contradicted answers.
  const draft: GradingModel = { weights, yellowFrom: YELLOW_FROM, greenFrom: GREEN_FROM };
  const scored = kept.map((d) => ({ p: predictedScore(d.signals, draft), human: d.human }));
  const low = scored.filter((s) => s.human < 2.5);
  const high = scored.filter((s) => s.human >= 4);
  const steps = Array.from({ length: 51 }, (_, i) => 2.5 + i * 0.05);
  const greenFrom = steps.find((b) => low.filter((s) => s.p >= b).length <= 0.04 * low.length) ?? 5;
  const yellowFrom =
    [...steps].reverse().find((a) => high.filter((s) => s.p < a).length <= 0.05 * high.length) ??
    2.5;
  return { weights, yellowFrom, greenFrom };
}

/** The rows graded with their own model each: r, red among people's >= 4, green among people's < 2.5. */
function figures(graded: { accuracy: number; human: number }[]): string {
  const r = pearson(
    graded.map((g) => g.accuracy),
    graded.map((g) => g.human),
  );
  const high = graded.filter((g) => g.human >= 4);
  const low = graded.filter((g) => g.human < 2.5);
  const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;
  return `r ${r.toFixed(3)}, people >= 4 red ${pct(high.filter((g) => g.accuracy < 4).length, high.length)} / green ${pct(high.filter((g) => g.accuracy >= 7).length, high.length)}, people < 2.5 green ${pct(low.filter((g) => g.accuracy >= 7).length, low.length)} (${graded.length} answers)`;
}
const gradeWith = (model: GradingModel, rows: Row[]) =>
  rows.map((d) => ({ accuracy: Math.round(accuracyOf(d.signals, model)), human: d.human }));

const all = readGradingRows().map(signalsOf);
const tune = tuneHalf(all.map((r) => r.id));
const tuneRows = all.filter((r) => tune.has(r.id));
const heldRows = all.filter((r) => !tune.has(r.id));

const model = fit(tuneRows);
const round2 = (x: number) => Math.round(x * 100) / 100;
console.log(
  `tune half: ${tuneRows.filter((r) => !r.lost).length} answers to ${tune.size} questions`,
);
console.log(
  'least squares: ',
  names.map((n) => `${n} ${model.weights[n].toFixed(2)}`).join(', '),
  `bias ${model.weights.bias.toFixed(2)}`,
);
console.log('in evaluate.ts:', JSON.stringify(WEIGHTS));
console.log(
  `edges: yellow from ${model.yellowFrom.toFixed(2)}, green from ${model.greenFrom.toFixed(2)} (in evaluate.ts: ${YELLOW_FROM}, ${GREEN_FROM})`,
);
const rounded: GradingModel = {
  weights: Object.fromEntries(
    Object.entries(model.weights).map(([n, w]) => [n, round2(w)]),
  ) as typeof WEIGHTS,
  yellowFrom: round2(model.yellowFrom),
  greenFrom: round2(model.greenFrom),
};

const tuneQuestions = [...tune].sort(byPlace);
const TUNE_FOLDS = 8;
const tuneFoldOf = new Map(tuneQuestions.map((q, i) => [q, i % TUNE_FOLDS]));
const tuneOutOfFold = Array.from({ length: TUNE_FOLDS }, (_, k) =>
  gradeWith(
    fit(tuneRows.filter((r) => tuneFoldOf.get(r.id) !== k)),
    tuneRows.filter((r) => tuneFoldOf.get(r.id) === k),
  ),
).flat();
console.log(
  `\nWithin the tune half (choose by this): 8-fold by question: ${figures(tuneOutOfFold)}`,
);

console.log('\nCross-checks: each fit graded on questions it never saw');
console.log(`  fit on tune, graded on held out:  ${figures(gradeWith(rounded, heldRows))}`);
console.log(
  `  (fit on tune, graded on tune:     ${figures(gradeWith(rounded, tuneRows))}: seen, for comparison)`,
);
const swapped = fit(heldRows);
console.log(`  fit on held out, graded on tune:  ${figures(gradeWith(swapped, tuneRows))}`);
const questions = [...new Set(all.map((r) => r.id))].sort(byPlace);
const FOLDS = 10;
const foldOf = new Map(questions.map((q, i) => [q, i % FOLDS]));
const outOfFold = Array.from({ length: FOLDS }, (_, k) => {
  const foldModel = fit(all.filter((r) => foldOf.get(r.id) !== k));
  return gradeWith(
    foldModel,
    all.filter((r) => foldOf.get(r.id) === k),
  );
}).flat();
console.log(`  10-fold over the 81 questions:    ${figures(outOfFold)}`);

// One 10-fold split is one draw: which questions share a fold moves r by about ±0.01, as much as most
// candidates do. The same 10-fold over REPEATS random orders of the questions (a fixed seed, so runs
// compare) gives the mean and the spread of that draw; a candidate should move the mean by more than
// the spread before it counts.
const REPEATS = 20;
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const random = seeded(21);
const draws = Array.from({ length: REPEATS }, () => {
  const order = questions
    .map((q) => ({ q, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.q);
  const fold = new Map(order.map((q, i) => [q, i % FOLDS]));
  const graded = Array.from({ length: FOLDS }, (_, k) =>
    gradeWith(
      fit(all.filter((r) => fold.get(r.id) !== k)),
      all.filter((r) => fold.get(r.id) === k),
    ),
  ).flat();
  const high = graded.filter((g) => g.human >= 4);
  const low = graded.filter((g) => g.human < 2.5);
  return {
    r: pearson(
      graded.map((g) => g.accuracy),
      graded.map((g) => g.human),
    ),
    red: high.filter((g) => g.accuracy < 4).length / high.length,
    green: low.filter((g) => g.accuracy >= 7).length / low.length,
    rightGreen: high.filter((g) => g.accuracy >= 7).length / high.length,
  };
});
const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sdOf = (xs: number[]) => {
  const m = meanOf(xs);
  return Math.sqrt(meanOf(xs.map((x) => (x - m) ** 2)));
};
const rs = draws.map((d) => d.r);
console.log(
  `  10-fold, ${REPEATS} random orders:  r ${meanOf(rs).toFixed(3)} (sd ${sdOf(rs).toFixed(3)}, ${Math.min(...rs).toFixed(3)}-${Math.max(...rs).toFixed(3)}), people >= 4 red ${(100 * meanOf(draws.map((d) => d.red))).toFixed(1)}% / green ${(100 * meanOf(draws.map((d) => d.rightGreen))).toFixed(1)}%, people < 2.5 green ${(100 * meanOf(draws.map((d) => d.green))).toFixed(1)}% (means)`,
);
