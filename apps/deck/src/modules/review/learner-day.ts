/**
 * The learner's day: it rolls over at 4 a.m. in their time zone (issue 20), as Anki's does, so a
 * late-night session still counts for the evening it belongs to. Mnemo's own rule, written with
 * Intl (the runtime's time-zone data) rather than a date library: it needs two conversions only.
 */
export const DAY_ROLLOVER_HOURS = 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, at: Date) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetMs(timeZone: string, at: Date): number {
  const p = partsIn(timeZone, at);
  const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The learner date (YYYY-MM-DD) an instant falls on. */
export function learnerDate(at: Date, timeZone: string): string {
  const p = partsIn(timeZone, new Date(at.getTime() - DAY_ROLLOVER_HOURS * HOUR_MS));
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** The instant a learner date starts (4 a.m. that day in the zone). */
export function learnerDayStart(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, DAY_ROLLOVER_HOURS);
  // Twice: the first offset may be the one on the other side of a DST change.
  let at = guess - offsetMs(timeZone, new Date(guess));
  at = guess - offsetMs(timeZone, new Date(at));
  return new Date(at);
}

/** The learner date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}
