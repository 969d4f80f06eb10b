import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { BILLING_MESSAGES, billingErrorMessage, demoErrorMessage, isPaying } from './billing-api';

const apiError = (status: number, error: string) =>
  new ApiError({ status, message: error, code: 'UNKNOWN', body: { error } });

describe('billingErrorMessage', () => {
  it("says 'Authentication required' on a 401 and the call's own message otherwise", () => {
    expect(billingErrorMessage(apiError(401, 'no token'), BILLING_MESSAGES.usage)).toBe(
      'Authentication required',
    );
    expect(billingErrorMessage(apiError(500, 'db down'), BILLING_MESSAGES.usage)).toBe(
      'Failed to fetch usage data',
    );
    expect(billingErrorMessage(new Error('offline'), BILLING_MESSAGES.portal)).toBe(
      'Failed to create billing portal session',
    );
  });
});

describe('demoErrorMessage', () => {
  it("shows the server's reason for a 4xx and hides a 5xx's wording", () => {
    expect(
      demoErrorMessage(apiError(404, 'This checkout session was not found or has expired'), 'x'),
    ).toBe('This checkout session was not found or has expired');
    expect(demoErrorMessage(apiError(401, 'whatever'), 'x')).toBe('Authentication required');
    expect(demoErrorMessage(apiError(503, 'upstream timeout'), 'Could not load')).toBe(
      'Could not load',
    );
    expect(demoErrorMessage(new Error('boom'), 'Could not load')).toBe('Could not load');
  });
});

describe('isPaying', () => {
  it('counts active and trialing only', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'free'].filter(isPaying)).toEqual([
      'active',
      'trialing',
    ]);
  });
});
