import type { ReviewRating } from '@mnemo/contracts/api/review';

/** The rating buttons' words, in the order of the keys 1-4. */
export const RATING_LABELS: Record<ReviewRating, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/**
 * When a card comes back, as the learner reads it: 'in 10 minutes', 'in 4 days', 'now' for a card
 * already due. Rounded to the largest whole unit, as Anki shows its intervals. A card due within
 * the minute says 'in 1 minute': the server scheduled it from the moment it graded the answer, so
 * a one-minute learning step reaches the page with a few seconds gone, and 'now' read as if the
 * card were back already (it is not served again until the queue is reloaded).
 */
export function comesBack(due: string | Date, now: Date = new Date()): string {
  const ms = new Date(due).getTime() - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return 'now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return format.format(Math.round(ms / size), unit);
  }
  return format.format(1, 'minute');
}

/** How long ago something happened: '3 days ago', 'just now' within a minute. */
export function timeAgo(at: string | Date, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(at).getTime();
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return format.format(-Math.round(ms / size), unit);
  }
  return format.format(-1, 'minute');
}

/** A share 0-1 as a whole percentage: '73%'. */
export function percent(share: number): string {
  return `${Math.round(Math.min(1, Math.max(0, share)) * 100)}%`;
}

/** '3 due today' and the like, for the places that show the due counts. */
export function dueTodayLabel(count: number): string {
  return `${count} due today`;
}
