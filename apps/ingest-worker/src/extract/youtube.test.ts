import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYoutubePlayer, type FakeYoutubePlayer } from '@mnemo/testing/youtube-player';
import { failure, replayYoutube, youtubeAsset as asset } from './test-support';
import {
  captionTrackLabel,
  chooseTrack,
  DEFAULT_YOUTUBE_PLAYER_URL,
} from '@mnemo/contracts/youtube-player';
import { createSafeFetch } from './safe-fetch';
import { extractYoutube, parseTimedText } from './youtube';

const VIDEO = 'GJLlxj_dtq8';
const LINK = `https://www.youtube.com/watch?v=${VIDEO}`;
const KEY = 'AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8';
const replay = replayYoutube;

describe('extractYoutube with recorded answers', () => {
  it('fetches the watch page, the player with the page key as ANDROID, then the English captions', async () => {
    const fetch = replay();
    const result = await extractYoutube(LINK, { fetch });
    expect(result.kind).toBe('youtube');
    expect(result.title).toBe('Surface Go Review - It’s Awesome');
    expect(result.meta).toEqual({
      url: LINK,
      videoId: VIDEO,
      channel: 'Dave2D',
      durationSeconds: 316,
      transcriptLanguage: 'en',
      transcriptGenerated: false,
      captions: 'Captions in English',
    });
    // Entities decoded, <i> tags gone, the empty cue dropped, times kept.
    expect(result.text).toBe(
      'Hey, this is just a test this is not the original transcript just something shorter, I made up for testing',
    );
    expect(result.sections).toEqual([{ startSeconds: 0, text: result.text }]);

    expect(fetch.calls.map((c) => c.url.split('?')[0])).toEqual([
      'https://www.youtube.com/watch',
      'https://www.youtube.com/youtubei/v1/player',
      'https://www.youtube.com/api/timedtext',
    ]);
    const [, player, captions] = fetch.calls;
    expect(player!.url).toBe(`${DEFAULT_YOUTUBE_PLAYER_URL}?key=${KEY}`);
    expect(player!.init?.method).toBe('POST');
    expect(JSON.parse(player!.init!.body!)).toEqual({
      context: { client: { clientName: 'ANDROID', clientVersion: '20.10.38' } },
      videoId: VIDEO,
    });
    // The manual English track, asked for in the classic XML format.
    expect(captions!.url).toContain('lang=en');
    expect(captions!.url).not.toContain('kind=asr');
    expect(captions!.url).not.toContain('fmt=srv3');
  });

  it('answers the EU consent page with its CONSENT cookie and reads the video page after it', async () => {
    const fetch = replay({ watch: ['youtube_consent_page.html', 'youtube.html'] });
    const result = await extractYoutube(LINK, { fetch });
    expect(result.title).toBe('Surface Go Review - It’s Awesome');
    expect(fetch.calls[0]!.init?.headers?.cookie).toBeUndefined();
    expect(fetch.calls[1]!.init?.headers?.cookie).toBe('CONSENT=YES+cb.20210328-17-p0.de+FX+119');
  });

  it('fails with consent_required when the consent page comes back after the cookie', async () => {
    const err = await failure(
      extractYoutube(LINK, { fetch: replay({ watch: ['youtube_consent_page.html'] }) }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'consent_required',
      false,
    ]);
  });

  it('treats the captcha page (too many requests) as a transient rate limit', async () => {
    const err = await failure(
      extractYoutube(LINK, { fetch: replay({ watch: ['youtube_too_many_requests.html'] }) }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'too_many_requests',
      true,
    ]);
    expect(err.message).toMatch(/limiting requests/);
  });

  it('treats an HTTP 429 from YouTube the same way, keeping Retry-After', async () => {
    const err = await failure(
      extractYoutube(LINK, {
        fetch: replay({ player: { status: 429, body: '', headers: { 'retry-after': '30' } } }),
      }),
    );
    expect([err.reason, err.transient, err.retryAfterSeconds]).toEqual([
      'too_many_requests',
      true,
      30,
    ]);
  });

  it('treats the bot check (request blocked) as transient', async () => {
    const err = await failure(
      extractYoutube(LINK, { fetch: replay({ player: 'youtube_request_blocked.innertube.json' }) }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'request_blocked',
      true,
    ]);
    expect(err.message).toMatch(/blocking requests/);
  });

  it('fails permanently when captions are turned off', async () => {
    const err = await failure(
      extractYoutube(LINK, {
        fetch: replay({ player: 'youtube_transcripts_disabled.innertube.json' }),
      }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'transcripts_disabled',
      false,
    ]);
    expect(err.message).toMatch(/no captions/);
  });

  it('fails permanently for an unavailable video', async () => {
    const err = await failure(
      extractYoutube(LINK, {
        fetch: replay({ player: 'youtube_video_unavailable.innertube.json' }),
      }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'video_unavailable',
      false,
    ]);
    expect(err.message).toMatch(/unavailable/);
  });

  it('fails permanently for an unplayable video and says why', async () => {
    const err = await failure(
      extractYoutube(LINK, { fetch: replay({ player: 'youtube_unplayable.innertube.json' }) }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'video_unplayable',
      false,
    ]);
    expect(err.message).toBe(
      'YouTube will not play this video (Custom Reason: Sub Reason 1 Sub Reason 2).',
    );
  });

  it('fails permanently when the captions need a PO token, without requesting them', async () => {
    const fetch = replay({ player: 'youtube_po_token_required.innertube.json' });
    const err = await failure(extractYoutube(LINK, { fetch }));
    expect([err.code, err.reason, err.transient]).toEqual([
      'TRANSCRIPT_UNAVAILABLE',
      'po_token_required',
      false,
    ]);
    expect(fetch.calls.some((c) => c.url.includes('timedtext'))).toBe(false);
  });

  it('fails when the page has no InnerTube key, and on a 5xx (transient)', async () => {
    const unparsable = await failure(
      extractYoutube(LINK, { fetch: replay({ watch: [{ body: '<html>nothing here</html>' }] }) }),
    );
    expect([unparsable.reason, unparsable.transient]).toEqual(['youtube_unparsable', false]);
    const down = await failure(
      extractYoutube(LINK, { fetch: replay({ watch: [{ status: 503, body: '' }] }) }),
    );
    expect([down.reason, down.transient]).toEqual(['upstream_unavailable', true]);
  });

  it('fails when the chosen captions are empty', async () => {
    const err = await failure(
      extractYoutube(LINK, {
        fetch: replay({
          transcript: {
            body: '<?xml version="1.0"?><transcript><text start="0" dur="1"></text></transcript>',
          },
        }),
      }),
    );
    expect([err.code, err.reason]).toEqual(['TRANSCRIPT_UNAVAILABLE', 'transcript_empty']);
  });

  it('refuses a YouTube link that is not a video before any request', async () => {
    const fetch = replay();
    const err = await failure(extractYoutube('https://www.youtube.com/@Dave2D', { fetch }));
    expect([err.code, err.reason]).toEqual(['INVALID_URL', 'not_a_video_link']);
    expect(fetch.calls).toEqual([]);
  });
});

describe('chooseTrack', () => {
  const track = (languageCode: string, kind?: string) => ({
    baseUrl: `u-${languageCode}-${kind ?? 'manual'}`,
    languageCode,
    ...(kind ? { kind } : {}),
  });

  it('prefers manual English, then generated English, then a regional English, then the first track', () => {
    expect(chooseTrack([track('de'), track('en', 'asr'), track('en')], ['en'])?.baseUrl).toBe(
      'u-en-manual',
    );
    expect(chooseTrack([track('de'), track('en', 'asr')], ['en'])?.baseUrl).toBe('u-en-asr');
    expect(chooseTrack([track('de'), track('en-GB')], ['en'])?.baseUrl).toBe('u-en-GB-manual');
    expect(chooseTrack([track('de', 'asr'), track('fr')], ['en'])?.baseUrl).toBe('u-fr-manual');
    expect(chooseTrack([track('de', 'asr')], ['en'])?.baseUrl).toBe('u-de-asr');
    expect(chooseTrack([], ['en'])).toBeUndefined();
  });

  it('picks the recorded video’s tracks in the same order', () => {
    const player = JSON.parse(asset('youtube.innertube.json').toString()) as {
      captions: {
        playerCaptionsTracklistRenderer: {
          captionTracks: Array<{ baseUrl: string; languageCode: string; kind?: string }>;
        };
      };
    };
    const tracks = player.captions.playerCaptionsTracklistRenderer.captionTracks;
    expect(chooseTrack(tracks, ['en'])).toMatchObject({ languageCode: 'en' });
    expect(chooseTrack(tracks, ['en'])?.kind).toBeUndefined();
    expect(chooseTrack(tracks, ['de'])).toMatchObject({ languageCode: 'de' });
  });
});

describe('parseTimedText', () => {
  it('reads the recorded caption track with times', () => {
    expect(parseTimedText(asset('transcript.xml').toString())).toEqual([
      { start: 0, duration: 1.54, text: 'Hey, this is just a test' },
      { start: 1.54, duration: 4.16, text: 'this is not the original transcript' },
      { start: 5.7, duration: 3.239, text: 'just something shorter, I made up for testing' },
    ]);
  });

  it('decodes HTML entities inside the XML and reads srv3 cues', () => {
    expect(
      parseTimedText(
        '<transcript><text start="1" dur="2">it&amp;#39;s &amp;quot;fine&amp;quot; &amp;amp; ok</text></transcript>',
      ),
    ).toEqual([{ start: 1, duration: 2, text: 'it\'s "fine" & ok' }]);
    expect(
      parseTimedText(
        '<timedtext format="3"><body><p t="1500" d="2000"><s>Hello</s><s> world</s></p><p t="4000" d="10">Bye</p></body></timedtext>',
      ),
    ).toEqual([
      { start: 1.5, duration: 2, text: 'Hello world' },
      { start: 4, duration: 0.01, text: 'Bye' },
    ]);
  });

  it('groups a long transcript into sections of about 30 seconds, each cited by its start', async () => {
    const cues = Array.from(
      { length: 40 },
      (_, i) => `<text start="${i * 3}" dur="3">cue ${i}</text>`,
    ).join('');
    const result = await extractYoutube(LINK, {
      fetch: replay({ transcript: { body: `<transcript>${cues}</transcript>` } }),
    });
    expect(result.sections.map((s) => s.startSeconds)).toEqual([0, 30, 60, 90]);
    expect(result.sections[1]!.text.startsWith('cue 10 cue 11')).toBe(true);
    expect(result.text.split('\n\n')).toHaveLength(4);
  });
});

describe('extractYoutube against a fake YouTube at configured addresses, over HTTP', () => {
  const GERMAN_ONLY = 'germanonly1';
  let fake: FakeYoutubePlayer;
  beforeAll(async () => {
    fake = await startFakeYoutubePlayer({
      videos: {
        [GERMAN_ONLY]: {
          kind: 'tracks',
          title: 'Zellbiologie',
          tracks: [
            {
              languageCode: 'de',
              kind: 'asr',
              name: 'German (auto-generated)',
              cues: [
                { start: 0, dur: 2, text: 'Die Zelle ist die kleinste Einheit des Lebens' },
                { start: 2, dur: 3, text: 'und der Zellkern enthält die Erbinformation' },
              ],
            },
          ],
        },
      },
    });
  });
  afterAll(() => fake?.close());
  const deps = () => ({
    // The real SSRF-safe fetcher: the fake's loopback address is allowed as in a demo's env.
    fetch: createSafeFetch({ allowlist: [fake.host] }),
    addresses: { watchUrl: fake.watchUrl, playerUrl: fake.playerUrl },
  });

  it('reads the captions from the configured watch page and player, never from youtube.com', async () => {
    const result = await extractYoutube(LINK, deps());
    expect(result.meta).toMatchObject({ transcriptLanguage: 'en', captions: 'Captions in English' });
    expect(result.text).toContain('Hey, this is just a test');
    expect(fake.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /watch',
      'POST /youtubei/v1/player',
      'GET /api/timedtext',
    ]);
  });

  it('takes another language when none is in the learner’s, and says which captions it read', async () => {
    const result = await extractYoutube(`https://youtu.be/${GERMAN_ONLY}`, {
      ...deps(),
      languages: ['en'],
    });
    expect(result.title).toBe('Zellbiologie');
    expect(result.text).toBe(
      'Die Zelle ist die kleinste Einheit des Lebens und der Zellkern enthält die Erbinformation',
    );
    expect(result.meta).toMatchObject({
      transcriptLanguage: 'de',
      transcriptGenerated: true,
      captions: 'Captions in German (auto-generated)',
    });
  });
});

describe('captionTrackLabel', () => {
  it('names the language in English, marks generated captions, and falls back to YouTube’s label', () => {
    expect(captionTrackLabel({ baseUrl: '', languageCode: 'fr' })).toBe('Captions in French');
    expect(captionTrackLabel({ baseUrl: '', languageCode: 'pt-BR', kind: 'asr' })).toBe(
      'Captions in Brazilian Portuguese (auto-generated)',
    );
    expect(
      captionTrackLabel({
        baseUrl: '',
        languageCode: 'xx-unknown',
        kind: 'asr',
        name: { runs: [{ text: 'Klingon (auto-generated)' }] },
      }),
    ).toBe('Captions in Klingon (auto-generated)');
  });
});
