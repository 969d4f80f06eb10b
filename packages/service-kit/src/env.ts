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
  return Object.freeze(result.data) as Readonly<z.infer<S>>;
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
