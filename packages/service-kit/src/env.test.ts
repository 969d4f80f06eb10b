import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseServiceEnv, isPlaceholderSecret, parseEnv, PLACEHOLDER_SECRETS } from './env';

const repo = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

/** The KEY=value lines of infra/docker/compose.env. */
const composeEnv = () =>
  Object.fromEntries(
    repo('infra/docker/compose.env')
      .split('\n')
      .filter((l) => /^[A-Z0-9_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
/** The stringData of infra/k8s/base/secret.example.yaml. */
const exampleSecret = () =>
  Object.fromEntries(
    [...repo('infra/k8s/base/secret.example.yaml').matchAll(/^ {2}([A-Z_0-9]+): (.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]),
  );

// What a service reads: the shared variables plus the secrets most of them have.
const schema = baseServiceEnv.extend({
  JWT_SECRET: z.string().min(32),
  DATABASE_URL: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
});
/** The message parseEnv ends the process with, or null when the environment is accepted. */
const refusal = (source: Record<string, string | undefined>) => {
  try {
    parseEnv(schema, source, (message) => {
      throw new Error(message);
    });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('placeholder secrets', () => {
  it('are refused in production, naming each variable, for the values compose.env ships', () => {
    const message = refusal({ ...composeEnv(), NODE_ENV: 'production' });
    expect(message).toContain('INTERNAL_SECRET: is a placeholder');
    expect(message).toContain('JWT_SECRET: is a placeholder');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: is a placeholder');
  });

  it('are refused in production for the Kubernetes example secret, the database password included', () => {
    const message = refusal({ ...exampleSecret(), NODE_ENV: 'production' });
    for (const name of ['INTERNAL_SECRET', 'JWT_SECRET', 'DATABASE_URL', 'SMTP_PASS', 'STRIPE_SECRET_KEY', 'OPENAI_API_KEY']) {
      expect(message).toContain(`${name}: is a placeholder`);
    }
    expect(message).not.toContain('REDIS_URL');
  });

  it('are accepted outside production, and real secrets are accepted in production', () => {
    expect(refusal({ ...composeEnv(), NODE_ENV: 'development' })).toBeNull();
    expect(refusal({ ...exampleSecret(), NODE_ENV: 'test' })).toBeNull();
    expect(
      refusal({
        NODE_ENV: 'production',
        INTERNAL_SECRET: 'Zt4q9mB2xV8rL1kP6sW3nC7yH0jD5fGa',
        JWT_SECRET: 'p9Xk2Lm7Qw4Rt8Yz1Vb6Nc3Hd5Jf0Gs2Ae7Ui4Oy',
        DATABASE_URL: 'postgres://mnemo:s3cr3t-Long-Password@db:5432/mnemo',
      }),
    ).toBeNull();
  });

  it('are recognised however a copy spells them', () => {
    for (const value of PLACEHOLDER_SECRETS) expect(isPlaceholderSecret(value)).toBe(true);
    expect(isPlaceholderSecret('my-changeme-secret-000000000000000000')).toBe(true);
    expect(isPlaceholderSecret('REPLACE_ME_WITH_A_REAL_SECRET_PLEASE_0000')).toBe(true);
    expect(isPlaceholderSecret('Zt4q9mB2xV8rL1kP6sW3nC7yH0jD5fGa')).toBe(false);
  });
});
