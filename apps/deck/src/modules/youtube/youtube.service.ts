import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  YOUTUBE_SEARCH_MAX_RESULTS,
  youtubeVideoIdSchema,
  type YoutubeSearchResponse,
  type YoutubeVideo,
} from '@mnemo/contracts/api/youtube';
import { AppError } from '@mnemo/service-kit';

export const NOT_CONFIGURED_MESSAGE = 'Video search is not configured';

/** The part of YouTube's search.list answer we read; anything else in it is ignored. */
const thumbnail = z.object({ url: z.string() }).optional();
const searchListSchema = z.object({
  items: z.array(
    z.object({
      id: z.object({ videoId: z.string().optional() }),
      snippet: z
        .object({
          title: z.string().default(''),
          channelTitle: z.string().optional(),
          publishedAt: z.string().optional(),
          thumbnails: z.object({ default: thumbnail, medium: thumbnail, high: thumbnail }).partial().default({}),
        })
        .optional(),
    }),
  ),
});
/** Google's error body: `{error: {code, message, errors: [{reason, domain}]}}`. */
const googleErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), domain: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
  }),
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** YouTube sends titles HTML-escaped (`Rock &amp; Roll`, `Don&#39;t`); the page shows plain text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Reasons Google gives when the project's quota is spent. */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded']);
/** Reasons that mean the key or the project is wrong: only an operator can fix these. */
const KEY_REASONS = new Set(['keyInvalid', 'keyExpired', 'API_KEY_INVALID', 'API_KEY_SERVICE_BLOCKED', 'accessNotConfigured', 'forbidden', 'ipRefererBlocked']);

/** The public error for an error answer of the API; the diagnostic goes to the log. */
function searchError(status: number, body: unknown, log: FastifyBaseLogger): AppError {
  const parsed = googleErrorSchema.safeParse(body);
  const reasons = parsed.success
    ? [...(parsed.data.error.errors ?? []).map((e) => e.reason), ...(parsed.data.error.details ?? []).map((d) => d.reason)]
    : [];
  const diagnostic = { status, reasons, message: parsed.success ? parsed.data.error.message : undefined };
  if (reasons.some((r) => r && QUOTA_REASONS.has(r))) {
    log.warn(diagnostic, 'YouTube search quota exceeded');
    return new AppError('SERVICE_UNAVAILABLE', 'Video search has reached its daily limit. Please try again later.');
  }
  if (reasons.some((r) => r && KEY_REASONS.has(r)) || status === 401 || status === 403) {
    log.error(diagnostic, 'YouTube refused the configured API key');
    return new AppError('SERVICE_UNAVAILABLE', 'Video search is not available: its API key was refused. Please tell the site operator.');
  }
  log.error(diagnostic, 'YouTube search failed');
  return new AppError('BAD_GATEWAY', 'Video search failed. Please try again.');
}

function toVideo(item: z.infer<typeof searchListSchema>['items'][number]): YoutubeVideo | null {
  const id = item.id.videoId;
  if (!id || !youtubeVideoIdSchema.safeParse(id).success || !item.snippet) return null;
  const t = item.snippet.thumbnails;
  const thumb = t.medium?.url ?? t.high?.url ?? t.default?.url ?? `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;
  return {
    id,
    title: decodeEntities(item.snippet.title),
    thumbnail: thumb,
    ...(item.snippet.channelTitle !== undefined ? { channelTitle: decodeEntities(item.snippet.channelTitle) } : {}),
    ...(item.snippet.publishedAt !== undefined ? { publishedAt: item.snippet.publishedAt } : {}),
  };
}

export type YoutubeSearchConfig = {
  /** No key: every search answers 503 'Video search is not configured'. */
  apiKey: string | undefined;
  /** https://www.googleapis.com in production; a fake's address in tests. */
  baseUrl: string;
  timeoutMs: number;
  /** Seconds a term's results are kept: a search costs 100 of the API's 10,000 daily quota units. */
  cacheSeconds: number;
  redisPrefix: string;
};

/**
 * GET /youtube/search through the YouTube Data API v3 (search.list, videos only, strict safe
 * search, embeddable: the summary page embeds them). The key goes in the X-Goog-Api-Key header, so
 * it never appears in a URL or a log line.
 */
export function createYoutubeService({
  config,
  redis,
  log,
  fetchImpl = fetch,
}: {
  config: YoutubeSearchConfig;
  redis: Pick<Redis, 'get' | 'set'>;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}) {
  const cacheKey = (q: string) =>
    `${config.redisPrefix}:youtube:search:${createHash('sha256').update(q.toLowerCase()).digest('hex')}`;

  async function callApi(q: string, apiKey: string): Promise<YoutubeVideo[]> {
    const url = new URL('/youtube/v3/search', config.baseUrl);
    url.search = new URLSearchParams({
      part: 'snippet',
      type: 'video',
      q,
      maxResults: String(YOUTUBE_SEARCH_MAX_RESULTS),
      safeSearch: 'strict',
      videoEmbeddable: 'true',
    }).toString();
    let res: Response;
    try {
      res = await fetchImpl(url, {
        headers: { 'x-goog-api-key': apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        log.warn({ timeoutMs: config.timeoutMs }, 'YouTube search timed out');
        throw new AppError('GATEWAY_TIMEOUT', 'Video search did not answer in time. Please try again.');
      }
      log.error({ err }, 'YouTube search could not be reached');
      throw new AppError('BAD_GATEWAY', 'Video search failed. Please try again.');
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw searchError(res.status, body, log);
    const parsed = searchListSchema.safeParse(body);
    if (!parsed.success) {
      log.error({ issues: parsed.error.issues.slice(0, 3) }, 'YouTube search answered an unexpected shape');
      throw new AppError('BAD_GATEWAY', 'Video search failed. Please try again.');
    }
    return parsed.data.items.map(toVideo).filter((v): v is YoutubeVideo => v !== null);
  }

  return {
    configured: Boolean(config.apiKey),

    async search(q: string): Promise<YoutubeSearchResponse> {
      const apiKey = config.apiKey;
      if (!apiKey) throw new AppError('SERVICE_UNAVAILABLE', NOT_CONFIGURED_MESSAGE);
      const key = cacheKey(q);
      const cached = await redis.get(key).catch(() => null);
      if (cached) return { success: true, videos: JSON.parse(cached) as YoutubeVideo[] };
      const videos = await callApi(q, apiKey);
      await redis.set(key, JSON.stringify(videos), 'EX', config.cacheSeconds).catch((err: unknown) => log.warn({ err }, 'could not cache YouTube results'));
      return { success: true, videos };
    },
  };
}
export type YoutubeService = ReturnType<typeof createYoutubeService>;
