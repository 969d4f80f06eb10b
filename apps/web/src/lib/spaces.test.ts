import { describe, expect, it } from 'vitest';
import type { ListSpacesResponse } from '@mnemo/contracts/api/spaces';
import { createApiClient } from './api';
import { createSessionStore } from './session/session-store';
import { fetchSpaces, spaceInitials } from './spaces';
import { memoryStorage } from './test-fakes';

const SPACE = '7c1e4b2a-9d3f-4e8a-b5c6-0f1a2b3c4d5e';
const DECKS = [
  '0d9f3c1e-2a4b-4c6d-8e0f-1a2b3c4d5e6f',
  '1e0a4d2f-3b5c-4d7e-9f10-2b3c4d5e6f70',
  '2f1b5e30-4c6d-4e8f-a021-3c4d5e6f7081',
];

/** An API client over a fetch that answers GET /spaces with `body`. */
function clientAnswering(body: unknown) {
  const fetch = (async () =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })) as typeof globalThis.fetch;
  const storage = memoryStorage({ token: 'tok' });
  return createApiClient({ fetch, store: createSessionStore({ storage: () => storage }) });
}

describe('spaces', () => {
  it('shows the first two letters of a space title in upper case', () => {
    expect(spaceInitials('biology 101')).toBe('BI');
    expect(spaceInitials('  x')).toBe('X');
  });

  it('reads the spaces as the contract gives them: _id, title, description and deck ids', async () => {
    const answer = {
      success: true,
      data: [
        { _id: SPACE, title: 'A', description: '', decks: DECKS },
        { _id: DECKS[0]!, title: 'B', description: 'empty', decks: [] },
      ],
    } satisfies ListSpacesResponse;
    await expect(fetchSpaces(undefined, clientAnswering(answer))).resolves.toEqual(answer.data);
  });

  // The services answer `_id` and deck ids (spec 01 §3); another shape is a broken answer, not a
  // variant to guess at.
  it('refuses spaces in a shape the contract does not give (an `id`, whole decks)', async () => {
    await expect(
      fetchSpaces(
        undefined,
        clientAnswering({ data: [{ id: SPACE, title: 'A', description: '', decks: [] }] }),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(
      fetchSpaces(
        undefined,
        clientAnswering({
          data: [
            { _id: SPACE, title: 'A', description: '', decks: [{ _id: DECKS[0], title: 'x' }] },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
