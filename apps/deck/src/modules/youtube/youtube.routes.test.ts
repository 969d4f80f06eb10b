import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { YOUTUBE_SEARCH_MAX_RESULTS } from '@mnemo/contracts/api/youtube';
import { startFakeYoutubeData, youtubeErrors, youtubeVideoItem, type FakeYoutubeData } from '@mnemo/testing/youtube-data';
import { anonCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { client, expectError, nobody, startDeckAppWith, type Caller } from '../decks/test-helpers';

let t: DeckTestApp;
let fake: FakeYoutubeData;
let configured: Awaited<ReturnType<typeof startDeckAppWith>>;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  // The default test app has no YouTube key.
  t = await startDeckApp();
  fake = await startFakeYoutubeData({ apiKey: 'test-youtube-key' });
  configured = await startDeckAppWith(t, {
    YOUTUBE_API_KEY: 'test-youtube-key',
    YOUTUBE_API_BASE_URL: fake.baseUrl,
    // Long enough for a loaded test machine, short enough for the test of a search that never answers.
    YOUTUBE_TIMEOUT_MS: '2000',
  });
  api = client(configured.app, t);
});
afterAll(async () => {
  await configured?.close();
  await fake?.close();
  await t?.close();
});

let term = 0;
/** A term no earlier test searched for, so the answer cache does not interfere. */
const freshTerm = (base = 'photosynthesis') => `${base} ${++term} ${Date.now()}`;
const search = (q: string, caller: Caller = anonCaller()) => api.call(caller, 'GET', `/youtube/search?q=${encodeURIComponent(q)}`);

describe('GET /youtube/search with a key', () => {
  it('asks the YouTube Data API for embeddable videos and answers id, title, thumbnail and channel', async () => {
    const q = freshTerm();
    const res = await search(q);
    expect(res.statusCode).toBe(200);
    const body = route('GET /youtube/search').response.parse(res.json());
    expect(body.videos).toHaveLength(YOUTUBE_SEARCH_MAX_RESULTS);
    expect(body.videos[0]).toEqual({
      id: expect.stringMatching(/^[\w-]{11}$/),
      title: `${q} explained, part 1`,
      thumbnail: expect.stringMatching(/^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/mqdefault\.jpg$/),
      channelTitle: 'Fake Channel',
      publishedAt: '2024-03-14T15:09:26Z',
    });
    const sent = fake.requests().at(-1)!;
    expect(Object.fromEntries(sent.query)).toEqual({
      part: 'snippet',
      type: 'video',
      q,
      maxResults: String(YOUTUBE_SEARCH_MAX_RESULTS),
      safeSearch: 'strict',
      videoEmbeddable: 'true',
    });
    // The key travels in a header, never in the URL (which logs and proxies keep).
    expect(sent.query.has('key')).toBe(false);
    expect(sent.headers['x-goog-api-key']).toBe('test-youtube-key');
  });

  it('decodes the HTML entities YouTube puts in titles, falls back to another thumbnail, and skips non-videos', async () => {
    fake.reply({
      kind: 'results',
      items: [
        youtubeVideoItem({ videoId: 'dQw4w9WgXcQ', title: 'Rock &amp; Roll: Don&#39;t &quot;stop&quot;', channelTitle: 'Tom &amp; Jerry' }),
        youtubeVideoItem({ videoId: 'abcdefghijk', thumbnails: { high: { url: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg', width: 480, height: 360 } } }),
        { ...youtubeVideoItem(), id: { kind: 'youtube#channel', channelId: 'UCxyz' } },
      ],
    });
    const body = route('GET /youtube/search').response.parse((await search(freshTerm())).json());
    expect(body.videos.map((v) => [v.id, v.title, v.channelTitle, v.thumbnail])).toEqual([
      ['dQw4w9WgXcQ', 'Rock & Roll: Don\'t "stop"', 'Tom & Jerry', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg'],
      ['abcdefghijk', expect.any(String), 'Fake Channel', 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg'],
    ]);
  });

  it('answers an empty list when nothing is found', async () => {
    fake.reply({ kind: 'results', items: [] });
    expect((await search(freshTerm())).json()).toEqual({ success: true, videos: [] });
  });

  it('keeps a term’s results for a while, so repeating a search spends no quota', async () => {
    const q = freshTerm('cells');
    const first = (await search(q)).json();
    const calls = fake.requests().length;
    const again = await search(q.toUpperCase(), userCaller());
    expect(again.json()).toEqual(first);
    expect(fake.requests()).toHaveLength(calls);
  });

  it('says when the daily quota is spent', async () => {
    fake.reply(youtubeErrors.quotaExceeded());
    const q = freshTerm();
    const body = expectError(await search(q), 503, 'SERVICE_UNAVAILABLE');
    expect(body.error).toBe('Video search has reached its daily limit. Please try again later.');
    // A failure is not kept: the same search succeeds once YouTube answers again.
    expect((await search(q)).statusCode).toBe(200);
  });

  it('says when the configured key is refused, without showing it', async () => {
    fake.reply(youtubeErrors.keyInvalid());
    const body = expectError(await search(freshTerm()), 503, 'SERVICE_UNAVAILABLE');
    expect(body.error).toBe('Video search is not available: its API key was refused. Please tell the site operator.');
    expect(JSON.stringify(body)).not.toContain('test-youtube-key');
  });

  it('answers 502 for a failure on YouTube’s side or an answer of the wrong shape, and 504 when it does not answer in time', async () => {
    fake.reply(youtubeErrors.backendError());
    expect(expectError(await search(freshTerm()), 502, 'BAD_GATEWAY').error).toBe('Video search failed. Please try again.');
    fake.reply({ kind: 'garbage' });
    expectError(await search(freshTerm()), 502, 'BAD_GATEWAY');
    fake.reply({ kind: 'hang' });
    expect(expectError(await search(freshTerm()), 504, 'GATEWAY_TIMEOUT').error).toBe('Video search did not answer in time. Please try again.');
  });

  it('refuses an empty term, and a caller without a session', async () => {
    const calls = fake.requests().length;
    expectError(await search('   '), 400, 'VALIDATION_FAILED');
    expectError(await api.call(anonCaller(), 'GET', '/youtube/search'), 400, 'VALIDATION_FAILED');
    expectError(await api.call(nobody, 'GET', '/youtube/search?q=cells'), 401, 'UNAUTHENTICATED');
    expect(fake.requests()).toHaveLength(calls);
  });
});

describe('GET /youtube/search without a key', () => {
  it('answers a clear 503 the page shows as "Search failed: Video search is not configured"', async () => {
    const res = await client(t.app, t).call(anonCaller(), 'GET', '/youtube/search?q=cells');
    const body = expectError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(body.error).toBe('Video search is not configured');
    expect(body.message).toBe('Video search is not configured');
  });
});
