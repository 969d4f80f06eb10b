import { describe, expect, it } from 'vitest';
import { envSchema } from './env';

describe('the launcher environment', () => {
  it('runs as development by default, with mail in the dev outbox', () => {
    expect(envSchema.parse({}).NODE_ENV).toBe('development');
  });

  it('refuses production without SMTP unless mail is disabled on purpose', () => {
    const refused = envSchema.safeParse({ NODE_ENV: 'production' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toContain('MAIL_DISABLED=true');
    expect(envSchema.safeParse({ NODE_ENV: 'production', SMTP_HOST: 'smtp.example.com' }).success).toBe(true);
    expect(envSchema.parse({ NODE_ENV: 'production', MAIL_DISABLED: 'true' }).MAIL_DISABLED).toBe(true);
  });
});
