import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { decks, sources } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { startFakeYoutubePlayer, type FakeYoutubePlayer } from '@mnemo/testing/youtube-player';
import { anonCaller, insertDeck, registerCaller, startDeckApp, type DeckTestApp } from '../../test-support';

// Videos the fake answers for: captions turned off, and one with only German generated captions.
const NO_CAPTIONS = 'nocaptions1';
const GERMAN_ONLY = 'germanonly1';

let fake: FakeYoutubePlayer;
let t: DeckTestApp;
beforeAll(async () => {
  fake = await startFakeYoutubePlayer({
    videos: {
      [NO_CAPTIONS]: { kind: 'player', fixture: 'youtube_transcripts_disabled.innertube.json' },
      [GERMAN_ONLY]: {
        kind: 'tracks',
        tracks: [{ languageCode: 'de', kind: 'asr', cues: [{ start: 0, dur: 2, text: 'Hallo zusammen' }] }],
      },
    },
  });
  t = await startDeckApp({ YOUTUBE_WATCH_URL: fake.watchUrl, YOUTUBE_PLAYER_URL: fake.playerUrl });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe('adding a YouTube video asks YouTube (the configured address) whether it has captions', () => {
  it('refuses a video without captions at once, with TRANSCRIPT_UNAVAILABLE, and adds nothing', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const res = await t.app.inject({
      method: 'POST',
      url: `/decks/${deck.id}/sources`,
      headers: asCaller(caller),
      payload: { type: 'youtube', url: watch(NO_CAPTIONS) },
    });
    expect(res.statusCode).toBe(422);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('TRANSCRIPT_UNAVAILABLE');
    expect(body.message).toMatch(/no captions/);
    expect(await t.db.select().from(sources).where(eq(sources.deckId, deck.id))).toEqual([]);
    // The fake was asked as YouTube is: the watch page, then the player with the page's key.
    const asked = fake.requests().filter((r) => r.body.includes(NO_CAPTIONS) || r.query.get('v') === NO_CAPTIONS);
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /watch', 'POST /youtubei/v1/player']);
  });

  it('refuses it on the create page too (POST /decks with sources), leaving no deck behind', async () => {
    const caller = anonCaller();
    await registerCaller(t, caller);
    const res = await t.app.inject({
      method: 'POST',
      url: '/decks',
      headers: asCaller(caller),
      payload: { title: 'Video deck', sources: [{ type: 'youtube', url: watch(NO_CAPTIONS) }] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorBodySchema.parse(res.json()).code).toBe('TRANSCRIPT_UNAVAILABLE');
    expect(await t.db.select().from(decks).where(eq(decks.title, 'Video deck'))).toEqual([]);
  });

  it('adds a video whose only captions are in another language (the worker reads and names them)', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const res = await t.app.inject({
      method: 'POST',
      url: `/decks/${deck.id}/sources`,
      headers: asCaller(caller),
      payload: { type: 'youtube', url: watch(GERMAN_ONLY) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'youtube', processingStatus: 'pending', notes: [] });
  });

  it('adds the video unchecked when YouTube cannot be asked', async () => {
    const offline = await startDeckApp({ YOUTUBE_WATCH_URL: 'http://127.0.0.1:9/watch' });
    try {
      const caller = anonCaller();
      const deck = await insertDeck(offline, caller);
      const res = await offline.app.inject({
        method: 'POST',
        url: `/decks/${deck.id}/sources`,
        headers: asCaller(caller),
        payload: { type: 'youtube', url: watch(NO_CAPTIONS) },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await offline.close();
    }
    // A second deck app (its own embedded database and migrations) starts inside the test: 60 s
    // ran out once on a loaded machine (CI at load 30).
  }, 180_000);
});
