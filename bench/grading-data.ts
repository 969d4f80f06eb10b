/**
 * The labelled grading set as both grading benches read it, so the fit (grading-fit.ts) and the
 * report (grading.ts) always agree on the rows and on which questions are the tune half.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

export const GRADING_CSV =
  process.env.GRADING_CSV ??
  join(import.meta.dirname, '../../shared/fixtures/grading/short-answers-train.csv');

export type GradingRow = {
  id: string;
  question: string;
  desired_answer: string;
  student_answer: string;
  score_me: string;
  score_other: string;
  score_avg: string;
};

export const readGradingRows = (file = GRADING_CSV): GradingRow[] =>
  parse(readFileSync(file), { columns: true, skip_empty_lines: true }) as GradingRow[];

/**
 * An answer lost to a spreadsheet error value ("#NAME?": the file went through a spreadsheet that
 * took answers opening with "=" or "-" for formulas); people scored the text that was lost.
 */
export const SPREADSHEET_ERROR = /^#(NAME\?|VALUE!|REF!|N\/A|DIV\/0!|NUM!|NULL!)$/;

/**
 * The tune half: questions at even places in the order of their ids (1.1, 1.2, ..., 2.1, ...).
 * The halves split by question, never by answer: a question's answers are all on one side.
 */
export function tuneHalf(questionIds: Iterable<string>): Set<string> {
  const ids = [...new Set(questionIds)].sort((a, b) => {
    const [a1 = 0, a2 = 0] = a.split('.').map(Number);
    const [b1 = 0, b2 = 0] = b.split('.').map(Number);
    return a1 - b1 || a2 - b2;
  });
  return new Set(ids.filter((_, i) => i % 2 === 0));
}

/** Pearson r of two equal-length series (0 when either is constant), for both grading benches. */
export function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}
