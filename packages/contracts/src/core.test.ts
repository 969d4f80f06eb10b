import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, errorBodySchema } from './errors';
import { jobIds, JOBS } from './jobs';
import { ownerFromTag, ownerTag, progressEventSchema, PROGRESS_STEPS } from './progress';
import { identitySchema } from './identity';

describe('progress events', () => {
  it('accept the steps of spec 02 §4 and refuse anything else', () => {
    const event = { sourceId: 's', step: 'chunking', message: 'Splitting', progress: 40, timestamp: new Date().toISOString() };
    expect(progressEventSchema.parse(event)).toEqual({ ...event, details: null });
    expect(() => progressEventSchema.parse({ ...event, step: 'teleporting' })).toThrow();
    expect(() => progressEventSchema.parse({ ...event, progress: 101 })).toThrow();
    expect(PROGRESS_STEPS[0]).toBe('connected');
    expect(PROGRESS_STEPS.at(-1)).toBe('error');
  });

  it('tag the owner of a stream by user or anonymous session', () => {
    expect(ownerTag({ kind: 'user', userId: 'u1' })).toBe('user:u1');
    expect(ownerTag({ anonId: 'a1' })).toBe('anon:a1');
    expect(ownerTag({ kind: 'none' })).toBeNull();
  });

  it('read an owner tag back, and nothing that is not one', () => {
    const id = '3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5e';
    expect(ownerFromTag(`user:${id}`)).toEqual({ userId: id });
    expect(ownerFromTag(`anon:${id}`)).toEqual({ anonId: id });
    expect(ownerFromTag(`admin:${id}`)).toBeNull();
    expect(ownerFromTag(`user:${id}:x`)).toBeNull();
    expect(ownerFromTag('user:')).toBeNull();
  });
});

describe('jobs', () => {
  it('derive ids from the entity without the colon BullMQ refuses', () => {
    const id = jobIds.ingest('3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5e', 2);
    expect(id).toBe('ingest-3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5e-2');
    expect(jobIds.reembed('s', 'nomic-embed:latest')).not.toContain(':');
  });

  it('validate payloads: a generate job needs at least one known question type', () => {
    const schema = JOBS.generate['generate-questions'];
    const base = { deckId: '3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5e', owner: { anonId: '3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5f' }, totalQuestions: 10, requestId: 'r' };
    expect(schema.safeParse({ ...base, questionTypes: ['multiple_choice'] }).success).toBe(true);
    expect(schema.safeParse({ ...base, questionTypes: [] }).success).toBe(false);
    expect(schema.safeParse({ ...base, questionTypes: ['essay'] }).success).toBe(false);
  });
});

describe('errors and identity', () => {
  it('map limits to 402 so the client does not treat them as access denied', () => {
    expect(ERROR_STATUS.LIMIT_REACHED).toBe(402);
    expect(errorBodySchema.parse({ success: false, error: 'x', message: 'x', code: 'LIMIT_REACHED', limitReached: true }).limitReached).toBe(true);
  });

  it('give the AI, link and file failures the statuses the spec’s chat client maps', () => {
    expect(ERROR_STATUS).toMatchObject({
      AI_OUT_OF_CREDIT: 402,
      AI_RATE_LIMITED: 429,
      AI_OVERLOADED: 503,
      AI_UNAVAILABLE: 503,
      AI_TIMEOUT: 504,
      STREAM_IN_PROGRESS: 409,
      EMAIL_NOT_VERIFIED: 409,
      INVALID_CREDENTIALS: 401,
      CODE_EXPIRED: 400,
      INVALID_URL: 400,
      SSRF_BLOCKED: 400,
      UNSUPPORTED_FILE: 415,
      EXTRACTION_FAILED: 422,
    });
    expect(errorBodySchema.parse({ success: false, error: 'x', message: 'x', code: 'AI_RATE_LIMITED', retryAfterSeconds: 20 }).retryAfterSeconds).toBe(20);
    // No access-denied status for a failure a retry or an upgrade can fix: the client redirects on 403.
    const forbidden = Object.entries(ERROR_STATUS).filter(([, status]) => status === 403).map(([code]) => code);
    expect(forbidden).toEqual(['FORBIDDEN']);
  });

  it('refuse an identity that mixes kinds', () => {
    expect(identitySchema.safeParse({ kind: 'anonymous', anonId: '3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5e', plan: 'free' }).success).toBe(false);
  });
});
