import { describe, expect, it } from 'vitest';
import { AiError } from '../errors';
import { retryAfterSeconds, toAiError } from './errors';

describe('provider error mapping', () => {
  it('reads Retry-After as seconds, milliseconds or a date', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '30' }))).toBe(30);
    expect(retryAfterSeconds(new Headers({ 'retry-after-ms': '1500' }))).toBe(2);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterSeconds(new Headers({ 'retry-after': inAMinute }))).toBeGreaterThan(55);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });

  it('keeps an AiError as it is and treats anything unknown as unavailable', () => {
    const original = new AiError('invalid_output', 'bad JSON');
    expect(toAiError(original, 'openai')).toBe(original);
    const unknown = toAiError(new TypeError('fetch failed'), 'anthropic');
    expect(unknown).toMatchObject({
      kind: 'unavailable',
      provider: 'anthropic',
      message: 'anthropic: fetch failed',
    });
  });

  it('calls anything thrown after the signal fired a cancellation', () => {
    const controller = new AbortController();
    controller.abort();
    expect(toAiError(new Error('socket hang up'), 'openai', controller.signal).kind).toBe(
      'aborted',
    );
  });
});
