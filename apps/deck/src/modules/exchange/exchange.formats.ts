import type { ExportFormat, ImportFormat, ImportPreviewResponse } from '@mnemo/contracts/api/exchange';
import type { ErrorCode } from '@mnemo/contracts/errors';
import type { Separator } from '@mnemo/exchange/delimited';
import { isExchangeError, type ExchangeErrorCode } from '@mnemo/exchange/errors';
import type { ExchangeDeck, ImportResult } from '@mnemo/exchange/model';
import { AppError } from '@mnemo/service-kit';

/**
 * The one place the deck service calls @mnemo/exchange: a format's writer or reader by name, with
 * the package's EXCHANGE_* errors turned into the API's stable codes (the EXCHANGE_* code kept as
 * `details.reason`, so a client can tell a zip bomb from a corrupt file).
 * Each format's code is imported with its first use (.apkg: sql.js, jszip and the HTML sanitizer;
 * delimited text: csv-parse), not when the service starts: an idle deck service never holds them
 * (issue 25, idle memory).
 */

const STATUS_CODE: Record<ExchangeErrorCode, ErrorCode> = {
  EXCHANGE_BAD_FILE: 'IMPORT_INVALID',
  EXCHANGE_BAD_JSON: 'IMPORT_INVALID',
  EXCHANGE_ZIP_BOMB: 'IMPORT_INVALID',
  EXCHANGE_NOT_ANKI: 'IMPORT_INVALID',
  EXCHANGE_ANKI_UNSUPPORTED: 'IMPORT_INVALID',
  EXCHANGE_TOO_MANY_ROWS: 'IMPORT_INVALID',
  EXCHANGE_CELL_TOO_LARGE: 'IMPORT_INVALID',
  EXCHANGE_EMPTY: 'IMPORT_INVALID',
};

async function translated<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isExchangeError(err)) {
      throw new AppError(STATUS_CODE[err.code] ?? 'IMPORT_INVALID', err.message, { details: { reason: err.code, ...err.details } });
    }
    throw err;
  }
}

/** Delimited text's separator by the format the caller named; detected for CSV and when unnamed. */
const separatorOf = (format: ImportFormat | undefined): Separator | undefined =>
  format === 'tsv' || format === 'quizlet' ? '\t' : undefined;

/**
 * Bytes as UTF-8 text. A byte sequence that is not UTF-8 is refused rather than turned into
 * replacement characters the learner would import as cards.
 */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('IMPORT_INVALID', 'This file is not UTF-8 text. Save it as UTF-8 (CSV UTF-8 in Excel) and import it again.', {
      details: { reason: 'EXCHANGE_BAD_FILE' },
    });
  }
}

/** A file's bytes in the format asked for; `withHistory` writes the learner's schedule into an .apkg. */
export async function writeDeck(format: ExportFormat, deck: ExchangeDeck, { withHistory }: { withHistory: boolean }): Promise<Buffer> {
  switch (format) {
    case 'apkg': {
      const { writeApkg } = await import('@mnemo/exchange/apkg');
      return Buffer.from(await writeApkg(deck, { includeReview: withHistory }));
    }
    case 'csv':
      return Buffer.from((await import('@mnemo/exchange/delimited')).writeCsv(deck), 'utf8');
    case 'quizlet':
      return Buffer.from((await import('@mnemo/exchange/delimited')).writeQuizlet(deck), 'utf8');
    case 'json':
      return Buffer.from((await import('@mnemo/exchange/json')).writeJson(deck), 'utf8');
  }
}

/** The deck a file holds, and what it left out. Throws IMPORT_INVALID for a file that is not its format. */
export function readDeck(format: ImportFormat, bytes: Uint8Array, title: string): Promise<ImportResult> {
  return translated(async () => {
    switch (format) {
      case 'apkg':
        return (await import('@mnemo/exchange/apkg')).readApkg(bytes);
      case 'json':
        return (await import('@mnemo/exchange/json')).readJson(utf8(bytes));
      case 'csv':
      case 'tsv':
      case 'quizlet': {
        const separator = separatorOf(format);
        const { readDelimited } = await import('@mnemo/exchange/delimited');
        return readDelimited(utf8(bytes), { title, ...(separator ? { separator } : {}) });
      }
    }
  });
}

/** The preview of delimited text (CSV, TSV, Quizlet): separator, columns and the first rows. */
export async function previewDeck(format: ImportFormat, bytes: Uint8Array): Promise<Omit<ImportPreviewResponse, 'success'>> {
  const separator = separatorOf(format);
  const { previewDelimited } = await import('@mnemo/exchange/delimited');
  const preview = await translated(() => previewDelimited(utf8(bytes), separator ? { separator } : {}));
  return {
    format,
    separator: preview.separator,
    header: preview.hasHeader,
    columns: preview.columns.map((c) => ({ name: c.name, field: c.role === 'ignored' ? null : c.role })),
    rows: preview.rows,
    rowCount: preview.totalRows,
  };
}
