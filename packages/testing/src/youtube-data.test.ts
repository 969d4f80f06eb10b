import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYoutubeData, youtubeErrors, youtubeVideoItem, type FakeYoutubeData } from './youtube-data';

let fake: FakeYoutubeData;
beforeAll(async () => {
  fake = await startFakeYoutubeData({ apiKey: 'right-key' });
});
afterAll(async () => {
  await fake?.close();
});

const search = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${fake.baseUrl}/youtube/v3/search?${new URLSearchParams(params)}`, { headers });

describe('fake YouTube Data API', () => {
  it('answers search.list in the documented shape, taking the key from the header or the query', async () => {
    const res = await search({ part: 'snippet', type: 'video', q: 'photosynthesis', maxResults: '3' }, { 'x-goog-api-key': 'right-key' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kind: string; pageInfo: { resultsPerPage: number }; items: ReturnType<typeof youtubeVideoItem>[] };
    expect(body.kind).toBe('youtube#searchListResponse');
    expect(body.pageInfo.resultsPerPage).toBe(3);
    expect(body.items).toHaveLength(3);
    const [first] = body.items;
    expect(first?.id).toMatchObject({ kind: 'youtube#video' });
    expect(first?.snippet.title).toBe('photosynthesis explained, part 1');
    expect(first?.snippet.thumbnails.medium?.url).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/mqdefault\.jpg$/);
    expect((await search({ q: 'x', key: 'right-key' })).status).toBe(200);
    expect(fake.requests().at(-1)?.apiKey).toBe('right-key');
  });

  it('refuses another key as keyInvalid and answers queued errors in Google’s format', async () => {
    const wrong = await search({ q: 'x', key: 'wrong' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: 400, errors: [{ reason: 'keyInvalid' }] } });

    fake.reply(youtubeErrors.quotaExceeded());
    const quota = await search({ q: 'x', key: 'right-key' });
    expect(quota.status).toBe(403);
    expect(await quota.json()).toMatchObject({ error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } });
    // The queue is used up: the next search succeeds again.
    expect((await search({ q: 'x', key: 'right-key' })).status).toBe(200);
  });

  it('answers the items it is given', async () => {
    fake.reply({ kind: 'results', items: [youtubeVideoItem({ videoId: 'dQw4w9WgXcQ', title: 'Cells &amp; tissues' })] });
    const body = (await (await search({ q: 'cells', key: 'right-key' })).json()) as { items: { id: { videoId: string }; snippet: { title: string } }[] };
    expect(body.items).toEqual([expect.objectContaining({ id: { kind: 'youtube#video', videoId: 'dQw4w9WgXcQ' } })]);
    expect(body.items[0]?.snippet.title).toBe('Cells &amp; tissues');
  });
});
