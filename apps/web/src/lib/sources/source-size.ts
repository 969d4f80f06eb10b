import { DECK_MAX_SIZE_MB, LINK_SIZE_MB } from '@mnemo/contracts/limits';
import type { DeckSize } from '@mnemo/contracts/entities/deck';

export const BYTES_PER_MB = 1024 * 1024;

/** What the size meter counts of one added item (spec 01 §9): a link 0.5 MB, a file its size. */
export type SizedItem = { kind: 'link' } | { kind: 'file'; size: number };

/** The size of items not yet in a deck, in MB. */
export function itemsSizeMB(items: readonly SizedItem[]): number {
  return items.reduce(
    (sum, item) => sum + (item.kind === 'link' ? LINK_SIZE_MB : item.size / BYTES_PER_MB),
    0,
  );
}

/** A number of MB for people: at most one decimal, none when whole ('0.5', '12.3', '60'). */
export function formatMB(mb: number): string {
  const rounded = Math.round(mb * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

export type MeterTone = 'ok' | 'warning' | 'full';

export interface SizeMeter {
  usedMB: number;
  maxMB: number;
  remainingMB: number;
  /** 0-100, capped; the bar's width. */
  percent: number;
  /** Red at 90% or more, yellow at 70% or more (the usage bar's rule, spec 01 §9). */
  tone: MeterTone;
  overLimit: boolean;
  /** '10.5 MB of 60 MB' */
  label: string;
}

/** The meter for `usedMB` out of `maxMB` (the deck's 60 MB unless the server said otherwise). */
export function sizeMeter(usedMB: number, maxMB: number = DECK_MAX_SIZE_MB): SizeMeter {
  const used = Math.max(0, usedMB);
  const raw = maxMB > 0 ? (used / maxMB) * 100 : 100;
  const percent = Math.min(100, raw);
  return {
    usedMB: used,
    maxMB,
    remainingMB: Math.max(0, maxMB - used),
    percent,
    tone: raw >= 90 ? 'full' : raw >= 70 ? 'warning' : 'ok',
    overLimit: used > maxMB,
    label: `${formatMB(used)} MB of ${formatMB(maxMB)} MB`,
  };
}

/**
 * The deck's part of the meter in the deck area: its size from GET /decks/:id/size; 0 of 60 MB
 * when that call failed; nothing at all (the bar is hidden) when it was refused with 403
 * (spec 02 §6, §8). Without a deck (the creation page) the deck part is empty.
 */
export type DeckSizeState =
  | { kind: 'none' }
  | { kind: 'loaded'; size: Pick<DeckSize, 'currentSizeMB' | 'maxSizeMB'> }
  | { kind: 'failed' }
  | { kind: 'hidden' };

/** The meter for a deck (or none) plus the items about to be added; null when hidden. */
export function meterFor(deck: DeckSizeState, items: readonly SizedItem[]): SizeMeter | null {
  const adding = itemsSizeMB(items);
  switch (deck.kind) {
    case 'hidden':
      return null;
    case 'loaded':
      return sizeMeter(deck.size.currentSizeMB + adding, deck.size.maxSizeMB);
    case 'none':
    case 'failed':
      return sizeMeter(adding, DECK_MAX_SIZE_MB);
  }
}
