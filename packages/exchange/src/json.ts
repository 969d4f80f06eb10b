import { z } from 'zod';
import { assertCellSize, assertQuestionCount } from './cells';
import { exchangeError } from './errors';
import { MAX_IMPORT_SOURCES, MAX_TEXT_CHARS } from './limits';
import {
  EXCHANGE_FORMAT,
  EXCHANGE_VERSION,
  mnemoDeckFileSchema,
  type ExchangeDeck,
  type ImportResult,
  type MnemoDeckFile,
} from './model';

/** The Mnemo JSON file of a deck: everything the model holds, behind `{format, version}`. */
export function writeJson(deck: ExchangeDeck, options: { exportedAt?: Date } = {}): string {
  const file: MnemoDeckFile = {
    format: EXCHANGE_FORMAT,
    version: EXCHANGE_VERSION,
    exportedAt: (options.exportedAt ?? new Date()).toISOString(),
    deck,
  };
  return JSON.stringify(file, null, 2);
}

/**
 * Reads a Mnemo JSON file. All or nothing: a file that does not parse, is not a Mnemo deck, or has
 * one invalid question is refused with the path of the first problem (JSON is written by Mnemo, so
 * a broken question is a broken file, not a row to skip).
 */
export function readJson(text: string): ImportResult {
  if (text.length > MAX_TEXT_CHARS) {
    throw exchangeError('EXCHANGE_BAD_JSON', 'This JSON file is too large to import.', {
      details: { chars: text.length, max: MAX_TEXT_CHARS },
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (cause) {
    throw exchangeError('EXCHANGE_BAD_JSON', 'This file is not valid JSON, so it could not be imported.', {
      cause,
    });
  }
  const header = z.object({ format: z.unknown(), version: z.unknown() }).safeParse(raw);
  if (!header.success || header.data.format !== EXCHANGE_FORMAT) {
    throw exchangeError(
      'EXCHANGE_BAD_JSON',
      `This JSON file is not a Mnemo deck export (it has no "format": "${EXCHANGE_FORMAT}").`,
    );
  }
  if (header.data.version !== EXCHANGE_VERSION) {
    throw exchangeError(
      'EXCHANGE_BAD_JSON',
      `This Mnemo deck file has version ${String(header.data.version)}; this Mnemo reads version ${EXCHANGE_VERSION}.`,
    );
  }
  const { questions, sources } = (raw as { deck?: { questions?: unknown; sources?: unknown } }).deck ?? {};
  if (Array.isArray(questions)) assertQuestionCount(questions.length, 'questions');
  if (Array.isArray(sources) && sources.length > MAX_IMPORT_SOURCES) {
    throw exchangeError(
      'EXCHANGE_TOO_MANY_ROWS',
      `This file has more than ${MAX_IMPORT_SOURCES.toLocaleString('en')} sources; a deck holds a handful.`,
      { details: { count: sources.length, max: MAX_IMPORT_SOURCES } },
    );
  }
  const parsed = mnemoDeckFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    throw exchangeError(
      'EXCHANGE_BAD_JSON',
      `This Mnemo deck file is invalid at ${where || 'its top level'}: ${issue?.message ?? 'unknown problem'}.`,
      { details: { path: where } },
    );
  }
  const deck = parsed.data.deck;
  deck.questions.forEach((q, i) => {
    for (const [field, value] of Object.entries(q)) {
      if (typeof value === 'string') assertCellSize(value, `Question ${i + 1}'s ${field}`);
    }
    q.options.forEach((o, j) => assertCellSize(o, `Question ${i + 1}'s option ${j + 1}`));
  });
  deck.sources.forEach((s, i) => {
    for (const value of [s.title, s.type, s.url, s.filename, s.summary, ...(s.keyPoints ?? [])]) {
      if (typeof value === 'string') assertCellSize(value, `Source ${i + 1}`);
    }
  });
  return { deck, skipped: [] };
}
