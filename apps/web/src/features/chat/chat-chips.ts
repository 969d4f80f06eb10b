import { chipTextsOf, EXPLAIN_PREFIX } from '@mnemo/contracts/entities/chat';

/** A selected-text chip (spec 02 §3). */
export type Chip = { id: string; text: string; truncatedText: string; timestamp: number };

/** Spec 02 §9 chip constants. */
export const CHIP_RULES = {
  minSelection: 3,
  edge: 15,
  maxUntruncated: 33,
  selectionDelayMs: 10,
} as const;

/** Chips are collected only on the deck pages of spec 02 §2 (not on /deck/{id}/edit). */
const CHIP_PATH = /^\/deck\/[^/]+(?:\/(?:manage|flashcards|summary))?\/?$/;
export function chipsActiveOn(pathname: string): boolean {
  return CHIP_PATH.test(pathname);
}

/** Whitespace collapsed; past 33 characters, the first 15 and last 15 joined by '...'. */
export function truncateChipText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= CHIP_RULES.maxUntruncated) return flat;
  return `${flat.slice(0, CHIP_RULES.edge)}...${flat.slice(-CHIP_RULES.edge)}`;
}

/** The selection as a chip's text, or null when it is shorter than 3 characters after trimming. */
export function selectionForChip(selected: string | null | undefined): string | null {
  const text = (selected ?? '').trim();
  return text.length >= CHIP_RULES.minSelection ? text : null;
}

/** Adds a chip for the text unless one with the same text (case-insensitive, trimmed) exists. */
export function addChip(
  chips: readonly Chip[],
  text: string,
  at: number = Date.now(),
  id: string = `pill-${at}-${Math.random().toString(36).slice(2, 8)}`,
): Chip[] {
  const key = text.trim().toLowerCase();
  if (chips.some((chip) => chip.text.trim().toLowerCase() === key)) return [...chips];
  return [
    ...chips,
    {
      id: id.startsWith('pill-') ? id : `pill-${id}`,
      text: text.trim(),
      truncatedText: truncateChipText(text),
      timestamp: at,
    },
  ];
}

/**
 * The message the chips send: 'Explain this: ' and the texts separated by blank lines. Text typed
 * beside the chips follows as the last paragraph rather than being dropped.
 */
export function chipMessage(chips: readonly Chip[], typed = ''): string {
  const parts = chips.map((chip) => chip.text);
  if (typed.trim() !== '') parts.push(typed.trim());
  return `${EXPLAIN_PREFIX} ${parts.join('\n\n')}`;
}

/** A user message sent from chips is shown as chips: their texts, or null for an ordinary message. */
export const chipsOfMessage = chipTextsOf;
