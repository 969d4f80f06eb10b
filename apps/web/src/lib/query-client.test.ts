import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createQueryClient } from './query-client';

const denied = () =>
  Promise.reject(new ApiError({ status: 403, message: 'Forbidden', code: 'FORBIDDEN' }));

describe('the shared access-denied handler', () => {
  it('sends a 403 on any query to the fallback page', async () => {
    const onAccessDenied = vi.fn();
    const client = createQueryClient(onAccessDenied);
    await expect(client.fetchQuery({ queryKey: ['a'], queryFn: denied })).rejects.toThrow();
    expect(onAccessDenied).toHaveBeenCalledTimes(1);
  });

  it('leaves a 403 to a query that handles it itself (the deck-size bar)', async () => {
    const onAccessDenied = vi.fn();
    const client = createQueryClient(onAccessDenied);
    await expect(
      client.fetchQuery({ queryKey: ['b'], queryFn: denied, meta: { quietAccessDenied: true } }),
    ).rejects.toThrow();
    expect(onAccessDenied).not.toHaveBeenCalled();
  });
});
