import { exchangeError } from './errors';
import { MAX_CELL_CHARS, MAX_IMPORT_QUESTIONS } from './limits';

/** Refuses a cell or field larger than a card can be, naming where it is. */
export function assertCellSize(value: string, where: string): void {
  if (value.length > MAX_CELL_CHARS) {
    throw exchangeError(
      'EXCHANGE_CELL_TOO_LARGE',
      `${where} holds ${value.length.toLocaleString('en')} characters; a card field holds at most ${MAX_CELL_CHARS.toLocaleString('en')}.`,
      { details: { where, chars: value.length, max: MAX_CELL_CHARS } },
    );
  }
}

/** Refuses a file with more questions than one import takes (before reading them all). */
export function assertQuestionCount(count: number, what: string): void {
  if (count > MAX_IMPORT_QUESTIONS) {
    throw exchangeError(
      'EXCHANGE_TOO_MANY_ROWS',
      `This file has more than ${MAX_IMPORT_QUESTIONS.toLocaleString('en')} ${what}; import it in smaller parts.`,
      { details: { count, max: MAX_IMPORT_QUESTIONS } },
    );
  }
}

/** Tags, concept names: spaces become underscores (Anki tags cannot hold spaces). */
export const toTag = (text: string) => text.trim().replace(/\s+/g, '_');
