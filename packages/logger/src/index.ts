import { pino, stdSerializers, type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/**
 * Paths whose values never reach a log line: credentials in headers, bodies and config.
 * Pino matches these on the logged object, so they cover request serialisers and ad-hoc objects.
 * `code` is not among them: it names error codes (`{ code: 'AI_OVERLOADED' }`), which a log must
 * keep; mailed codes are logged, if ever, as `verificationCode`, and `code=` in a URL is censored by
 * `redactUrl`.
 */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'credential',
  'apiKey',
  'secret',
  'verificationCode',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.credential',
  '*.apiKey',
  '*.secret',
  '*.verificationCode',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-anonymous-session"]',
  'req.headers["x-mnemo-identity"]',
  'req.headers["stripe-signature"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'env.OPENAI_API_KEY',
  'env.ANTHROPIC_API_KEY',
  'env.STRIPE_SECRET_KEY',
  'env.STRIPE_WEBHOOK_SECRET',
  'env.JWT_SECRET',
  'env.INTERNAL_SECRET',
  'env.SMTP_PASS',
  'env.S3_SECRET_ACCESS_KEY',
  'env.DATABASE_URL',
];

/**
 * A database error carries the statement's values: drizzle's DrizzleQueryError has them in
 * `params` and in its message and stack ("params: a@b.c,..."), and Postgres' own error repeats row
 * values in `detail` ("Key (email)=(a@b.c) already exists"). Those are users' e-mails, names and
 * texts, so they never reach a log line: the query text and the error code stay, the values go.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail']);
const PARAMS_LINE = /\nparams: [^]*?(?=\n {4}at |$)/;

function scrubError(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubError(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) out[key] = '[redacted]';
    else if ((key === 'message' || key === 'stack') && typeof item === 'string') out[key] = item.replace(PARAMS_LINE, '\nparams: [redacted]');
    else out[key] = scrubError(item, depth + 1);
  }
  return out;
}

/** pino's error serializer (message, stack, cause, own fields), without the values of a failed query. */
export const serializeError = (err: unknown): unknown =>
  err instanceof Error ? scrubError(stdSerializers.err(err)) : scrubError(err);

export type CreateLoggerOptions = {
  name: string;
  level?: string;
  /** Extra paths to redact, on top of REDACT_PATHS. */
  redact?: string[];
  /** Where lines go; tests pass a stream to read them back. Defaults to stdout. */
  destination?: DestinationStream;
};

/** The one way every process makes its logger: JSON lines, service name, secrets censored. */
export function createLogger(options: CreateLoggerOptions): Logger {
  const config: LoggerOptions = {
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: [...REDACT_PATHS, ...(options.redact ?? [])], censor: '[redacted]' },
    base: { service: options.name },
    serializers: { err: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

/**
 * Query parameters that carry credentials: the progress stream's one-use ticket (EventSource cannot
 * send headers; the request is logged before the ticket is spent), reset links' token, and the
 * token or guest session id an old client may still put in a URL (no longer accepted).
 */
const SECRET_QUERY = /([?&](?:token|access_token|anonymousSession|ticket|code|password|key)=)[^&#]*/gi;
// A URL without '=' has no parameter to censor: the edge's access line runs this on every call.
export const redactUrl = (url: string) => (url.includes('=') ? url.replace(SECRET_QUERY, '$1[redacted]') : url);

type LoggedRequest = {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number };
};

/** Fastify's request serializer, with credentials in the query string censored. */
export const serializeRequest = (req: LoggedRequest) => ({
  method: req.method,
  url: req.url === undefined ? undefined : redactUrl(req.url),
  host: req.headers?.host,
  remoteAddress: req.ip ?? req.socket?.remoteAddress,
  remotePort: req.socket?.remotePort,
});

type LineParts = { lsCache: symbol; time: symbol; chindings: symbol; stream: symbol };
const partsOf = new WeakMap<object, LineParts>();
/**
 * pino's symbols for a logger's parts, found on the logger itself: Fastify makes the services'
 * loggers with the pino it depends on, which need not be this package's (`pino.symbols` of another
 * copy are other symbols). Looked up once per logger.
 */
function linePartsOf(logger: Logger): LineParts {
  let parts = partsOf.get(logger);
  if (parts) return parts;
  const found = new Map<string, symbol>();
  for (let o: object | null = logger; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    for (const s of Object.getOwnPropertySymbols(o)) if (s.description && !found.has(s.description)) found.set(s.description, s);
  }
  const get = (name: string) => {
    const s = found.get(name);
    if (!s) throw new Error(`not a pino logger: no ${name}`);
    return s;
  };
  parts = { lsCache: get('pino.lsCache'), time: get('pino.time'), chindings: get('pino.chindings'), stream: get('pino.stream') };
  partsOf.set(logger, parts);
  return parts;
}

/**
 * pino's `isoTime` part (`,"time":"<ISO date>"`), made once per millisecond: the gateway writes
 * several access lines a millisecond under load, and `toISOString` was ~1.3% of its CPU a call
 * (issue 25). The same text as `isoTime` gives, since both read `Date.now()`.
 */
let isoMs = -1;
let isoPart = '';
function isoTimeNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoPart = `,"time":"${new Date(now).toISOString()}"`;
  }
  return isoPart;
}

/**
 * Writes the line `logger[level](fields, msg)` writes, for fields that are already what the line
 * holds: plain JSON values, with serialisers applied and nothing to redact. pino's own parts of
 * the line (level, time, the logger's bindings, its stream) are taken from the logger; the fields
 * go through one `JSON.stringify`, where pino walks each key through its serialisers, redaction
 * and escaping. For the one line per request at the edge (the gateway's access line): pino's way
 * cost ~3 µs more a line, ~6% of the gateway's CPU a call under load (issue 25). Only for a logger
 * without mixins, formatters or hooks (ours); a test holds the line equal to pino's.
 */
export function writeLine(logger: Logger, level: Level, fields: Record<string, unknown>, msg: string): void {
  const parts = linePartsOf(logger);
  const state = logger as unknown as Record<symbol, unknown>;
  const head = (state[parts.lsCache] as Record<number, string>)[logger.levels.values[level]!]!;
  const timeOf = state[parts.time] as () => string;
  const time = timeOf === pino.stdTimeFunctions.isoTime ? isoTimeNow() : timeOf();
  const fieldsJson = JSON.stringify(fields);
  const body = fieldsJson === '{}' ? '' : `,${fieldsJson.slice(1, -1)}`;
  (state[parts.stream] as DestinationStream).write(`${head}${time}${state[parts.chindings] as string}${body},"msg":${JSON.stringify(msg)}}\n`);
}

/** Options for Fastify's own logger, so request logs share the same redaction. */
export function fastifyLoggerOptions(name: string, level = 'info'): LoggerOptions {
  return {
    name,
    level,
    base: { service: name },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/** The writers made by `bufferedStdout`, each written out when the process exits. */
const exitFlushes = new Set<() => void>();
let flushesOnExit = false;

/**
 * Standard output written in blocks rather than line by line: lines gather until `minLength`
 * characters (4 KB) or `flushMs` have passed, then go out in one write. For a process that logs a
 * line per request at a few thousand requests a second (the gateway's access line), a write per
 * line (and, under the launcher, a read per line on the other end of the pipe) was ~6% of its CPU
 * (issue 25).
 *
 * A block goes to `process.stdout` (a Node stream) rather than through pino's `destination`
 * (sonic-boom) with `minLength`, which writes each block from libuv's thread pool: handing a write
 * to a thread and its completion back cost the gateway ~8% of its CPU a call under load (measured
 * side by side, bench/README.md, 11-29 h25gw). Node writes a pipe at once from the main thread and
 * never blocks on it: a reader that falls behind makes the stream hold the blocks in memory, as
 * sonic-boom did. Ours rather than a library's: it is a string and a timer in front of Node's own
 * stream. What is still gathered when the process exits is written then; only a process killed
 * outright (SIGKILL), or exiting while its reader has stopped reading and the pipe is full, loses
 * its last lines.
 */
export function bufferedStdout({
  stream = process.stdout,
  minLength = 4096,
  flushMs = 200,
}: { stream?: Pick<NodeJS.WritableStream, 'write'>; minLength?: number; flushMs?: number } = {}): DestinationStream & {
  flush(cb?: (err?: Error) => void): void;
} {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const block = pending;
    pending = '';
    stream.write(block);
  };
  setInterval(flush, flushMs).unref();
  exitFlushes.add(flush);
  if (!flushesOnExit) {
    flushesOnExit = true;
    process.once('exit', () => exitFlushes.forEach((f) => f()));
  }
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= minLength) flush();
    },
    // pino's logger.flush()
    flush(cb) {
      flush();
      cb?.();
    },
  };
}
