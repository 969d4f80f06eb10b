import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@mnemo/contracts/errors';
import { AI_ERROR_KINDS, AiError, aiErrorCode } from './errors';

describe('AiError', () => {
  it('answers each kind with the status the spec client maps to its chat messages', () => {
    const status = (kind: (typeof AI_ERROR_KINDS)[number]) =>
      ERROR_STATUS[new AiError(kind, 'x').publicCode];
    expect(status('out_of_credit')).toBe(402);
    expect(status('rate_limited')).toBe(429);
    expect(status('overloaded')).toBe(503);
    expect(status('unavailable')).toBe(503);
    expect(status('timeout')).toBe(504);
    for (const kind of AI_ERROR_KINDS)
      expect(aiErrorCode(new AiError(kind, 'x'))).toBe(new AiError(kind, 'x').publicCode);
  });

  it('gives public words that trigger the client’s service-unavailable detection, and keeps the diagnostic apart', () => {
    const words = (kind: (typeof AI_ERROR_KINDS)[number]) =>
      new AiError(kind, 'openai 503 req_123').publicMessage.toLowerCase();
    expect(words('overloaded')).toContain('overloaded');
    expect(words('overloaded')).toContain('high demand');
    expect(words('rate_limited')).toContain('rate limit');
    expect(words('out_of_credit')).toContain('credit balance');
    expect(words('unavailable')).toContain('service temporarily unavailable');
    for (const kind of AI_ERROR_KINDS) expect(words(kind)).not.toContain('req_123');
    expect(new AiError('unavailable', 'openai 503 req_123').message).toBe('openai 503 req_123');
  });
});
