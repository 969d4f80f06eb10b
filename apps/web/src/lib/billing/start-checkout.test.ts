import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../api';
import { CHECKOUT_FAILED_MESSAGE, readReferralCode, startCheckout } from './start-checkout';

function fakeApi(answer: unknown | Error) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const api: Pick<ApiClient, 'post'> = {
    post: ((path: string, body?: unknown) => {
      calls.push({ path, body });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    }) as ApiClient['post'],
  };
  return { api, calls };
}

describe('readReferralCode', () => {
  it('reads a trimmed code from the tracker global and ignores empty or non-string values', () => {
    expect(readReferralCode({ mnemoReferral: ' abc-1 ' })).toBe('abc-1');
    expect(readReferralCode({ mnemoReferral: '   ' })).toBeNull();
    expect(readReferralCode({ mnemoReferral: 42 })).toBeNull();
    expect(readReferralCode({})).toBeNull();
  });
});

describe('startCheckout', () => {
  it("hides a server error's own wording behind the spec message", async () => {
    const { api } = fakeApi(
      new ApiError({
        status: 500,
        message: 'Stripe is down',
        code: 'INTERNAL',
        body: { error: 'Stripe is down' },
      }),
    );
    await expect(startCheckout({ api, navigate: () => undefined, scope: {} })).rejects.toThrow(
      /^Failed to create checkout session$/,
    );
  });

  it('posts the referral code and sends the browser to the checkout url', async () => {
    const { api, calls } = fakeApi({ success: true, checkoutUrl: 'https://pay.example/c/1' });
    const visited: string[] = [];
    await startCheckout({
      api,
      navigate: (url) => visited.push(url),
      scope: { mnemoReferral: 'r1' },
    });
    expect(calls).toEqual([
      { path: '/payment/create-checkout-session', body: { referralCode: 'r1' } },
    ]);
    expect(visited).toEqual(['https://pay.example/c/1']);
  });

  it('sends no referral code when the tracker set none', async () => {
    const { api, calls } = fakeApi({ success: true, checkoutUrl: 'https://pay.example/c/2' });
    await startCheckout({ api, navigate: () => undefined, scope: {} });
    expect(calls[0]?.body).toEqual({});
  });

  it('fails with the spec message and goes nowhere when the call fails without a server message', async () => {
    const { api } = fakeApi(new ApiError({ status: 0, message: 'down', code: 'NETWORK_ERROR' }));
    const visited: string[] = [];
    await expect(
      startCheckout({ api, navigate: (url) => visited.push(url), scope: {} }),
    ).rejects.toThrow(CHECKOUT_FAILED_MESSAGE);
    expect(visited).toEqual([]);
  });

  it("says 'Authentication required' when the server refuses the caller", async () => {
    const error = new ApiError({
      status: 401,
      message: 'Authentication required',
      code: 'UNAUTHENTICATED',
      body: { error: 'Authentication required' },
    });
    const { api } = fakeApi(error);
    await expect(startCheckout({ api, navigate: () => undefined, scope: {} })).rejects.toThrow(
      'Authentication required',
    );
  });
});
