import { destination as pinoDestination, pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

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
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

type LoggedRequest = {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number };
};

/** Fastify's request serializer, with credentials in the query string censored. */
const serializeRequest = (req: LoggedRequest) => ({
  method: req.method,
  url: req.url === undefined ? undefined : redactUrl(req.url),
  host: req.headers?.host,
  remoteAddress: req.ip ?? req.socket?.remoteAddress,
  remotePort: req.socket?.remotePort,
});

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

/**
 * Standard output written in blocks rather than line by line: lines gather until `minLength`
 * bytes (4 KB) or `flushMs` have passed, then go out in one write. For a process that logs a line
 * per request at a few thousand requests a second (the gateway's access line), a write per line
 * (and, under the launcher, a read per line on the other end of the pipe) was ~6% of its CPU
 * (issue 25). What is still buffered when the process exits is written then (pino flushes its
 * destinations on exit), so only a process killed outright (SIGKILL) can lose its last `flushMs`.
 */
export function bufferedStdout({ dest = 1, minLength = 4096, flushMs = 200 }: { dest?: number | string; minLength?: number; flushMs?: number } = {}): DestinationStream {
  return pinoDestination({ dest, minLength, periodicFlush: flushMs, sync: false });
}
