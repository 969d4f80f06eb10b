import { z } from 'zod';

/**
 * Parses a service's environment once against its zod schema. An invalid environment ends the
 * process with one readable line per problem rather than a stack trace deep inside a request.
 * Only env.ts files call this (lint rule), passing process.env.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
  onError: (message: string) => never = (message) => {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
): Readonly<z.infer<S>> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    return onError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const placeholders = placeholderSecretsIn(result.data);
  if (placeholders.length > 0) {
    const lines = placeholders.map(
      (name) => `  ${name}: is a placeholder that ships with Mnemo; set a real secret (e.g. \`openssl rand -base64 48\`)`,
    );
    return onError(`Invalid environment (NODE_ENV=production):\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data) as Readonly<z.infer<S>>;
}

/**
 * Secret values that ship in this repository as examples or development defaults
 * (infra/docker/compose.env, infra/k8s/base/secret.example.yaml, docker-compose.yml, the test
 * helpers). They are long enough to pass every length check, so production refuses them by name.
 */
export const PLACEHOLDER_SECRETS: readonly string[] = [
  'dev-only-internal-secret-change-me',
  'dev-only-jwt-secret-change-me-0123456789abcdef',
  'mnemo-dev-secret',
  'CHANGE_ME',
  'CHANGE_ME_AT_LEAST_16_CHARS',
  'CHANGE_ME_AT_LEAST_32_CHARACTERS_LONG',
  'test-internal-secret-0123456789abcdef',
];
/** Any value that says it must be replaced, in whatever spelling a copy of those files uses. */
const PLACEHOLDER_WORDS = /change[-_ ]?me|replace[-_ ]?me|dev[-_ ]only|placeholder/i;

export const isPlaceholderSecret = (value: string) =>
  PLACEHOLDER_SECRETS.some((p) => p.toLowerCase() === value.trim().toLowerCase()) || PLACEHOLDER_WORDS.test(value);

/** The variables that hold secrets: keys, passwords, signing secrets. */
const SECRET_NAME = /(SECRET|PASS|PASSWORD|_KEY)$|_SECRET_|API_KEY/;
/** Connection URLs whose password is a secret. */
const URL_NAME = /_URL$/;

/**
 * The names of the variables that hold a shipped placeholder, when the environment is production
 * (an empty list otherwise: development and tests use such values on purpose). Every app's env.ts
 * goes through parseEnv, so this one rule covers every process.
 */
export function placeholderSecretsIn(env: unknown): string[] {
  if (env === null || typeof env !== 'object') return [];
  const values = env as Record<string, unknown>;
  if (values.NODE_ENV !== 'production') return [];
  const found: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' || value === '') continue;
    if (SECRET_NAME.test(name) && isPlaceholderSecret(value)) found.push(name);
    else if (URL_NAME.test(name) && URL.canParse(value)) {
      const password = decodeURIComponent(new URL(value).password);
      if (password && isPlaceholderSecret(password)) found.push(name);
    }
  }
  return found;
}

/** Variables every service shares. */
export const baseServiceEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  INTERNAL_SECRET: z.string().min(16, 'INTERNAL_SECRET must be at least 16 characters'),
  /** An OpenTelemetry collector's OTLP/HTTP endpoint (`http://otel-collector:4318`); unset: spans are not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
});

/** "true"/"false"/"1"/"0" strings from the environment as booleans. */
export const envBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** A comma-separated list ("a, b,c") as its trimmed, non-empty items; unset or '' is []. */
export const envList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * True when a listen address is reachable from this machine only: `localhost`, 127.0.0.0/8, ::1.
 * `0.0.0.0`, `::` and any other address may be reached from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * Where mail goes, from the variables every process that sends or routes mail reads (the auth
 * service, npm start's launcher): SMTP when SMTP_HOST is set; nowhere with MAIL_DISABLED=true;
 * else the dev outbox, which production refuses (whoever reads the outbox can reset any account).
 */
export function mailTransportOf(env: { NODE_ENV: string; SMTP_HOST?: string | undefined; MAIL_DISABLED?: boolean | undefined }):
  | { transport: 'smtp' | 'outbox' | 'disabled' }
  | { error: string } {
  if (env.SMTP_HOST) return { transport: 'smtp' };
  if (env.MAIL_DISABLED) return { transport: 'disabled' };
  if (env.NODE_ENV === 'production') {
    return {
      error:
        'SMTP_HOST is required with NODE_ENV=production (without it mail would go to the dev outbox). Set SMTP_HOST, or MAIL_DISABLED=true to run without mail: sign-up by e-mail, password resets and mailed links are then turned off.',
    };
  }
  return { transport: 'outbox' };
}
