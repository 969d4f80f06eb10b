/**
 * Errors of the exchange formats. Plain objects made by one factory (no classes), each with a stable
 * `code` the deck service maps to an HTTP answer, and a message written for the learner.
 */
export const EXCHANGE_ERROR_CODES = [
  /** The file is not what the chosen format says (not a zip, not JSON, not a Mnemo deck...). */
  'EXCHANGE_BAD_FILE',
  /** JSON that does not parse or does not match the Mnemo deck format. */
  'EXCHANGE_BAD_JSON',
  /** A zip archive that would unpack past the caps (entries, bytes, ratio). */
  'EXCHANGE_ZIP_BOMB',
  /** A zip without an Anki collection, or a SQLite database that is corrupt or not Anki's. */
  'EXCHANGE_NOT_ANKI',
  /** An Anki collection in a format this reader does not open (collection.anki21b, zstd). */
  'EXCHANGE_ANKI_UNSUPPORTED',
  /** More rows, notes or questions than one import takes. */
  'EXCHANGE_TOO_MANY_ROWS',
  /** One cell or field larger than a card can be. */
  'EXCHANGE_CELL_TOO_LARGE',
  /** Nothing to import: an empty file or no usable row. */
  'EXCHANGE_EMPTY',
] as const;
export type ExchangeErrorCode = (typeof EXCHANGE_ERROR_CODES)[number];

export type ExchangeError = Error & {
  readonly name: 'ExchangeError';
  readonly code: ExchangeErrorCode;
  readonly details?: Record<string, unknown>;
};

export function exchangeError(
  code: ExchangeErrorCode,
  message: string,
  options: { details?: Record<string, unknown>; cause?: unknown } = {},
): ExchangeError {
  const err = new Error(message, options.cause === undefined ? undefined : { cause: options.cause });
  return Object.assign(err, {
    name: 'ExchangeError' as const,
    code,
    ...(options.details ? { details: options.details } : {}),
  });
}

export function isExchangeError(err: unknown): err is ExchangeError {
  return (
    err instanceof Error &&
    err.name === 'ExchangeError' &&
    (EXCHANGE_ERROR_CODES as readonly string[]).includes((err as { code?: unknown }).code as string)
  );
}
