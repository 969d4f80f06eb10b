import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The YouTube Data API v3 `search.list` endpoint for tests, speaking its wire format: answers at
 * `GET /youtube/v3/search` shaped as https://developers.google.com/youtube/v3/docs/search/list
 * documents them (`youtube#searchListResponse`, items with `id.videoId` and a snippet with title,
 * channel and the default/medium/high thumbnails), and errors in Google's JSON error format
 * (`{error: {code, message, errors: [{message, domain, reason}], status}}`). The API key is taken
 * from the `key` query parameter or the `X-Goog-Api-Key` header, as Google does.
 */

/** One search result as the API sends it. */
export type YoutubeSearchItem = {
  kind: 'youtube#searchResult';
  etag: string;
  id: { kind: 'youtube#video'; videoId: string } | { kind: 'youtube#channel'; channelId: string } | { kind: 'youtube#playlist'; playlistId: string };
  snippet: {
    publishedAt: string;
    channelId: string;
    title: string;
    description: string;
    thumbnails: Partial<Record<'default' | 'medium' | 'high', { url: string; width: number; height: number }>>;
    channelTitle: string;
    liveBroadcastContent: 'none' | 'live' | 'upcoming';
    publishTime: string;
  };
};

/** Google's error body. */
export type GoogleErrorBody = {
  error: {
    code: number;
    message: string;
    errors: { message: string; domain: string; reason: string }[];
    status?: string;
    details?: unknown[];
  };
};

export type FakeYoutubeReply =
  | { kind: 'results'; items: YoutubeSearchItem[] }
  | { kind: 'error'; status: number; body: GoogleErrorBody }
  /** Never answers; the client's timeout ends the request. */
  | { kind: 'hang' }
  /** Answers 200 with a body that is not the documented shape. */
  | { kind: 'garbage' };

const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';
const KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

/** Real error answers of the API. */
export const youtubeErrors = {
  /** The project's daily quota is spent (10,000 units; a search costs 100). */
  quotaExceeded: (): FakeYoutubeReply => ({
    kind: 'error',
    status: 403,
    body: {
      error: {
        code: 403,
        message: QUOTA_MESSAGE,
        errors: [{ message: QUOTA_MESSAGE, domain: 'youtube.quota', reason: 'quotaExceeded' }],
      },
    },
  }),
  /** A key Google does not know. */
  keyInvalid: (): FakeYoutubeReply => ({
    kind: 'error',
    status: 400,
    body: {
      error: {
        code: 400,
        message: KEY_MESSAGE,
        errors: [{ message: KEY_MESSAGE, domain: 'usageLimits', reason: 'keyInvalid' }],
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'youtube.googleapis.com' },
          },
        ],
      },
    },
  }),
  /** A backend error on Google's side. */
  backendError: (): FakeYoutubeReply => ({
    kind: 'error',
    status: 503,
    body: {
      error: {
        code: 503,
        message: 'The service is currently unavailable.',
        errors: [{ message: 'The service is currently unavailable.', domain: 'global', reason: 'backendError' }],
        status: 'UNAVAILABLE',
      },
    },
  }),
} as const;

let counter = 0;
/** An 11-character video id, different on every call. */
const nextVideoId = () => `vid${String(++counter).padStart(8, '0')}`.slice(0, 11);

/** A video result as the API sends it; `thumbnails` lets a test leave sizes out. */
export function youtubeVideoItem(
  over: { videoId?: string; title?: string; channelTitle?: string; publishedAt?: string; thumbnails?: YoutubeSearchItem['snippet']['thumbnails'] } = {},
): YoutubeSearchItem {
  const videoId = over.videoId ?? nextVideoId();
  const publishedAt = over.publishedAt ?? '2024-03-14T15:09:26Z';
  const thumb = (name: string, width: number, height: number) => ({ url: `https://i.ytimg.com/vi/${videoId}/${name}.jpg`, width, height });
  return {
    kind: 'youtube#searchResult',
    etag: `etag-${videoId}`,
    id: { kind: 'youtube#video', videoId },
    snippet: {
      publishedAt,
      channelId: 'UCfakechannel000000000000',
      title: over.title ?? `Video ${videoId}`,
      description: 'A video found by the fake YouTube Data API.',
      thumbnails: over.thumbnails ?? {
        default: thumb('default', 120, 90),
        medium: thumb('mqdefault', 320, 180),
        high: thumb('hqdefault', 480, 360),
      },
      channelTitle: over.channelTitle ?? 'Fake Channel',
      liveBroadcastContent: 'none',
      publishTime: publishedAt,
    },
  };
}

export type RecordedSearch = { query: URLSearchParams; headers: IncomingMessage['headers']; apiKey: string | null };

/**
 * Starts the fake. Each request takes the next queued reply (`reply`), else answers results for its
 * `q`: `maxResults` generated videos titled after the term. A request with a key other than `apiKey`
 * answers keyInvalid, as Google does.
 */
export async function startFakeYoutubeData({ apiKey = 'test-youtube-key' }: { apiKey?: string } = {}) {
  const queued: FakeYoutubeReply[] = [];
  const recorded: RecordedSearch[] = [];
  const hanging = new Set<() => void>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', vary: 'Origin, X-Origin, Referer' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/youtube/v3/search') {
      send(res, 404, { error: { code: 404, message: 'Not Found', errors: [{ message: 'Not Found', domain: 'global', reason: 'notFound' }] } });
      return;
    }
    const header = req.headers['x-goog-api-key'];
    const given = url.searchParams.get('key') ?? (typeof header === 'string' ? header : null);
    recorded.push({ query: url.searchParams, headers: req.headers, apiKey: given });
    const reply = queued.shift() ?? (given === apiKey ? null : youtubeErrors.keyInvalid());
    if (reply?.kind === 'hang') {
      const end = () => res.destroy();
      hanging.add(end);
      res.on('close', () => hanging.delete(end));
      return;
    }
    if (reply?.kind === 'error') return send(res, reply.status, reply.body);
    if (reply?.kind === 'garbage') return send(res, 200, { kind: 'youtube#searchListResponse', items: 'none' });
    const max = Math.min(50, Math.max(0, Number(url.searchParams.get('maxResults') ?? 5) || 5));
    const q = url.searchParams.get('q') ?? '';
    const items = reply?.kind === 'results' ? reply.items : Array.from({ length: max }, (_, i) => youtubeVideoItem({ title: `${q} explained, part ${i + 1}` }));
    send(res, 200, {
      kind: 'youtube#searchListResponse',
      etag: 'fake-etag',
      nextPageToken: 'CAUQAA',
      regionCode: 'US',
      pageInfo: { totalResults: 1000000, resultsPerPage: items.length },
      items: items.slice(0, max),
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  return {
    apiKey,
    /** The API's base URL (what https://www.googleapis.com is in production). */
    baseUrl: `http://127.0.0.1:${port}`,
    /** Queues replies for the next requests, in order. */
    reply: (...replies: FakeYoutubeReply[]) => void queued.push(...replies),
    /** Every search received, oldest first. */
    requests: () => recorded,
    close: () =>
      new Promise<void>((r) => {
        for (const end of hanging) end();
        server.close(() => r());
      }),
  };
}
export type FakeYoutubeData = Awaited<ReturnType<typeof startFakeYoutubeData>>;
