import type { FastifyBaseLogger } from 'fastify';
import { youtubeVideoId } from '@mnemo/contracts/api/sources';
import {
  captionTracksOf,
  consentCookie,
  innertubeApiKey,
  isConsentPage,
  isPlayable,
  playerRequestBody,
  playerUrl,
  watchPageUrl,
  type PlayerResponse,
} from '@mnemo/contracts/youtube-player';

export type CaptionsCheckConfig = {
  /** YouTube's watch page and InnerTube player (YOUTUBE_WATCH_URL, YOUTUBE_PLAYER_URL). */
  watchUrl: string;
  playerUrl: string;
  /** How long the whole check may take; 0 turns it off. */
  timeoutMs: number;
};

/**
 * 'none': YouTube plainly says the video plays and has no caption track. 'some': it has one.
 * 'unknown': anything else (YouTube unreachable, slow, a consent or captcha page, an unplayable
 * video): the source is added and the worker reads it, giving its own reason if it fails.
 */
export type CaptionsVerdict = 'none' | 'some' | 'unknown';

/**
 * Whether a video has captions, asked of YouTube when the video is added so a learner hears at
 * once that there is no transcript to build cards from, rather than after processing. The same
 * requests as the worker's first two (the watch page for the API key, then the player answer),
 * with the rules of @mnemo/contracts/youtube-player; the addresses are configuration, never the
 * learner's link, so this fetch cannot be pointed anywhere else.
 */
export function createCaptionsCheck({
  config,
  log,
  fetchImpl = fetch,
}: {
  config: CaptionsCheckConfig;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}) {
  async function ask(videoId: string, signal: AbortSignal): Promise<CaptionsVerdict> {
    const page = async (cookie?: string) => {
      const res = await fetchImpl(watchPageUrl(config.watchUrl, videoId), {
        headers: { 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) },
        signal,
      });
      return res.ok ? res.text() : null;
    };
    let html = await page();
    if (html !== null && isConsentPage(html)) {
      const cookie = consentCookie(html);
      html = cookie ? await page(cookie) : null;
    }
    const key = html === null ? null : innertubeApiKey(html);
    if (!key) return 'unknown';
    const res = await fetchImpl(playerUrl(config.playerUrl, key), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: playerRequestBody(videoId),
      signal,
    });
    if (!res.ok) return 'unknown';
    const player = (await res.json()) as PlayerResponse;
    // An unplayable video's answer carries no captions either; the worker names why it failed.
    if (!isPlayable(player)) return 'unknown';
    return captionTracksOf(player).length > 0 ? 'some' : 'none';
  }

  return {
    async captions(link: string): Promise<CaptionsVerdict> {
      const videoId = youtubeVideoId(link);
      if (!videoId || config.timeoutMs <= 0) return 'unknown';
      try {
        return await ask(videoId, AbortSignal.timeout(config.timeoutMs));
      } catch (err) {
        log.debug({ err, videoId }, 'caption check at add time gave no answer');
        return 'unknown';
      }
    },
  };
}
export type CaptionsCheck = ReturnType<typeof createCaptionsCheck>;
