import { describe, expect, it } from 'vitest';
import { envSchema } from './env';

const base = { DATABASE_URL: 'postgres://x', INTERNAL_SECRET: 'a-secret-of-16-chars' };

describe('SOURCE_FETCH_ALLOWLIST', () => {
  it('is empty by default and splits comma-separated host and host:port entries', () => {
    expect(envSchema.parse(base).SOURCE_FETCH_ALLOWLIST).toEqual([]);
    expect(
      envSchema.parse({ ...base, SOURCE_FETCH_ALLOWLIST: ' 127.0.0.1:8080, localhost ,' })
        .SOURCE_FETCH_ALLOWLIST,
    ).toEqual(['127.0.0.1:8080', 'localhost']);
  });

  it('refuses entries that are URLs rather than hosts', () => {
    expect(
      envSchema.safeParse({ ...base, SOURCE_FETCH_ALLOWLIST: 'http://localhost:3000/' }).success,
    ).toBe(false);
  });
});

describe('OCR_LANGUAGES', () => {
  it('defaults to every installed language, English first, and takes a comma-separated list', () => {
    expect(envSchema.parse(base).OCR_LANGUAGES).toEqual(['eng', 'deu', 'fra', 'spa']);
    expect(envSchema.parse({ ...base, OCR_LANGUAGES: 'fra, eng' }).OCR_LANGUAGES).toEqual([
      'fra',
      'eng',
    ]);
  });

  it('refuses a language whose data is not installed', () => {
    expect(envSchema.safeParse({ ...base, OCR_LANGUAGES: 'eng,klingon' }).success).toBe(false);
  });
});
