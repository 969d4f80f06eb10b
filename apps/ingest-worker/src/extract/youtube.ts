import { youtubeVideoId } from '@mnemo/contracts/api/sources';
import { XMLParser } from 'fast-xml-parser';
import {
  captionTrackLabel,
  captionTracksOf,
  chooseTrack,
  consentCookie,
  DEFAULT_YOUTUBE_PLAYER_URL,
  DEFAULT_YOUTUBE_WATCH_URL,
  innertubeApiKey,
  isCaptchaPage,
  isConsentPage,
  playerRequestBody,
  playerUrl,
  watchPageUrl,
  type PlayerResponse,
} from '@mnemo/contracts/youtube-player';
import { ExtractionError } from './errors';
import { httpStatusError, type Fetcher, type FetchedResponse } from './safe-fetch';
import { cleanSections, joinSections, normaliseInline } from './text';
import type { Extracted, ExtractedSection } from './types';

/**
 * A YouTube video's captions with their times, fetched the way youtube-transcript-api does: the
 * watch page (answering the EU consent page with its CONSENT cookie), the INNERTUBE_API_KEY in it,
 * the InnerTube player answer for an ANDROID client (whose caption URLs work without a browser's
 * proof-of-origin token), then the chosen caption track's timedtext XML. Each way YouTube says no
 * has its own reason code; see EXTRACTION_REASONS for which are transient.
 */

/** Captions are grouped into sections of about this many seconds, each cited by its start time. */
export const SECTION_SECONDS = 30;


// ---------------------------------------------------------------------------------------------

/** Where YouTube is asked: its own addresses in production, a fake's in tests and demos. */
export type YoutubeAddresses = { watchUrl: string; playerUrl: string };
export const DEFAULT_YOUTUBE_ADDRESSES: YoutubeAddresses = {
  watchUrl: DEFAULT_YOUTUBE_WATCH_URL,
  playerUrl: DEFAULT_YOUTUBE_PLAYER_URL,
};

export type YoutubeDeps = {
  fetch: Fetcher;
  /**
   * Caption languages wanted (the learner's), best first; a video without any of them gives any
   * track, named in the source's notes.
   */
  languages?: readonly string[];
  addresses?: YoutubeAddresses;
};

const text = (r: FetchedResponse) => r.body.toString('utf8');

/** A failed status from YouTube: 429 is YouTube limiting our address; the rest as for any site. */
function checkStatus(response: FetchedResponse): FetchedResponse {
  if (response.status >= 200 && response.status < 300) return response;
  if (response.status === 429) {
    throw new ExtractionError(
      'too_many_requests',
      "YouTube is limiting requests from Mnemo's servers right now. Try again later.",
      { details: { status: 429 }, retryAfterSeconds: httpStatusError(response).retryAfterSeconds },
    );
  }
  throw httpStatusError(response);
}

async function fetchWatchPage(videoId: string, fetch: Fetcher, watchUrl: string): Promise<string> {
  const get = async (cookie?: string) =>
    text(
      checkStatus(
        await fetch(watchPageUrl(watchUrl, videoId), {
          headers: { 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) },
        }),
      ),
    );
  const html = await get();
  if (!isConsentPage(html)) return html;
  // The EU consent page: answer it as the form would, with the value it carries.
  const cookie = consentCookie(html);
  const retried = cookie ? await get(cookie) : null;
  if (retried === null || isConsentPage(retried)) {
    throw new ExtractionError(
      'consent_required',
      'YouTube asked for cookie consent and did not accept the answer, so the video could not be read.',
    );
  }
  return retried;
}

function innertubeKey(html: string): string {
  const key = innertubeApiKey(html);
  if (key) return key;
  if (isCaptchaPage(html)) {
    throw new ExtractionError(
      'too_many_requests',
      "YouTube is limiting requests from Mnemo's servers right now (it answered with a captcha). Try again later.",
    );
  }
  throw new ExtractionError(
    'youtube_unparsable',
    'YouTube answered in a way Mnemo could not read, so the captions could not be fetched.',
  );
}

async function fetchPlayer(
  videoId: string,
  key: string,
  fetch: Fetcher,
  url: string,
): Promise<PlayerResponse> {
  const response = checkStatus(
    await fetch(playerUrl(url, key), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: playerRequestBody(videoId),
    }),
  );
  try {
    return JSON.parse(text(response)) as PlayerResponse;
  } catch (err) {
    throw new ExtractionError(
      'youtube_unparsable',
      'YouTube answered in a way Mnemo could not read, so the captions could not be fetched.',
      {
        cause: err,
      },
    );
  }
}

function assertPlayable(player: PlayerResponse, videoId: string): void {
  const status = player.playabilityStatus?.status;
  if (status === undefined || status === 'OK') return;
  const reason = player.playabilityStatus?.reason ?? '';
  const details = { videoId, status, reason };
  if (status === 'LOGIN_REQUIRED' && /not a bot/i.test(reason)) {
    throw new ExtractionError(
      'request_blocked',
      "YouTube is blocking requests from Mnemo's servers right now (it asked to confirm they are not a bot). Try again later.",
      { details },
    );
  }
  if (status === 'LOGIN_REQUIRED' && /inappropriate for some users|age/i.test(reason)) {
    throw new ExtractionError(
      'age_restricted',
      'This video is age-restricted: YouTube shows it only to signed-in adults.',
      { details },
    );
  }
  if (status === 'ERROR' && /unavailable/i.test(reason)) {
    throw new ExtractionError(
      'video_unavailable',
      'This YouTube video is unavailable (removed, private or never published).',
      {
        details,
      },
    );
  }
  const subreasons = normaliseInline(
    (player.playabilityStatus?.errorScreen?.playerErrorMessageRenderer?.subreason?.runs ?? [])
      .map((r) => r.text ?? '')
      .join(' '),
  );
  const why = [reason, subreasons].filter(Boolean).join(': ');
  throw new ExtractionError(
    'video_unplayable',
    `YouTube will not play this video${why ? ` (${why})` : ''}.`,
    {
      details: { ...details, subreasons },
    },
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Caption text is HTML inside XML: one more round of entity decoding, then no tags. */
const captionText = (raw: string) =>
  raw
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code =
          e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/<[^>]*>/g, '');

export type Cue = { start: number; duration: number; text: string };

const asArray = <T>(v: T | T[] | undefined): T[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];
type XmlNode = string | { '#text'?: string | number; [attr: string]: unknown };
const nodeText = (n: XmlNode): string =>
  typeof n === 'string' ? n : n['#text'] === undefined ? '' : String(n['#text']);

/**
 * Cues from timedtext XML: the classic <transcript><text start dur> format, and srv3's
 * <timedtext><body><p t d> (milliseconds, words in <s>) in case YouTube ignores the format asked for.
 */
export function parseTimedText(xml: string): Cue[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) => name === 'text' || name === 'p' || name === 's',
  });
  const doc = parser.parse(xml) as {
    transcript?: { text?: XmlNode[] };
    timedtext?: { body?: { p?: Array<XmlNode & { t?: string; d?: string; s?: XmlNode[] }> } };
  };
  const cues: Cue[] = [];
  for (const node of asArray(doc.transcript?.text)) {
    if (typeof node === 'string') continue;
    const value = captionText(nodeText(node));
    if (!value.trim()) continue;
    cues.push({ start: Number(node.start ?? 0), duration: Number(node.dur ?? 0), text: value });
  }
  for (const p of asArray(doc.timedtext?.body?.p)) {
    if (typeof p === 'string') continue;
    const raw = p.s ? p.s.map(nodeText).join('') : nodeText(p);
    const value = captionText(raw);
    if (!value.trim()) continue;
    cues.push({ start: Number(p.t ?? 0) / 1000, duration: Number(p.d ?? 0) / 1000, text: value });
  }
  return cues;
}

/** Cues grouped into sections of about SECTION_SECONDS, each starting at its first cue's time. */
function sectionsOf(cues: readonly Cue[]): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let current: { start: number; parts: string[] } | null = null;
  for (const cue of cues) {
    if (current && cue.start - current.start >= SECTION_SECONDS) {
      sections.push({ startSeconds: current.start, text: current.parts.join(' ') });
      current = null;
    }
    current ??= { start: Math.round(cue.start * 100) / 100, parts: [] };
    current.parts.push(normaliseInline(cue.text));
  }
  if (current) sections.push({ startSeconds: current.start, text: current.parts.join(' ') });
  return cleanSections(sections);
}

export async function extractYoutube(link: string, deps: YoutubeDeps): Promise<Extracted> {
  const videoId = youtubeVideoId(link);
  if (!videoId) {
    throw new ExtractionError('not_a_video_link', 'This YouTube link does not point to a video.', {
      details: { url: link },
    });
  }
  const { watchUrl, playerUrl: playerAddress } = deps.addresses ?? DEFAULT_YOUTUBE_ADDRESSES;
  const html = await fetchWatchPage(videoId, deps.fetch, watchUrl);
  const player = await fetchPlayer(videoId, innertubeKey(html), deps.fetch, playerAddress);
  assertPlayable(player, videoId);

  const track = chooseTrack(captionTracksOf(player), deps.languages ?? ['en']);
  if (!track) {
    throw new ExtractionError(
      'transcripts_disabled',
      'This video has no captions (they are turned off), so there is no transcript to build cards from.',
      { details: { videoId } },
    );
  }
  // youtube-transcript-api's test: a caption URL carrying exp=xpe only answers with a PO token.
  if (track.baseUrl.includes('&exp=xpe')) {
    throw new ExtractionError(
      'po_token_required',
      "YouTube requires a browser proof-of-origin token for this video's captions, which Mnemo cannot provide. Try another video.",
      { details: { videoId, language: track.languageCode } },
    );
  }
  const xml = text(
    checkStatus(
      await deps.fetch(track.baseUrl.replace('&fmt=srv3', ''), {
        headers: { 'accept-language': 'en-US' },
      }),
    ),
  );
  let cues: Cue[];
  try {
    cues = parseTimedText(xml);
  } catch (err) {
    throw new ExtractionError('youtube_unparsable', 'YouTube sent captions Mnemo could not read.', {
      cause: err,
    });
  }
  const sections = sectionsOf(cues);
  if (sections.length === 0) {
    throw new ExtractionError(
      'transcript_empty',
      "This video's captions are empty, so there is nothing to build cards from.",
      {
        details: { videoId },
      },
    );
  }

  const details = player.videoDetails ?? {};
  const pageTitle = /<meta name="title" content="([^"]*)"/.exec(html)?.[1];
  const title = normaliseInline(details.title ?? (pageTitle ? captionText(pageTitle) : '')) || null;
  const length = Number(details.lengthSeconds);
  return {
    kind: 'youtube',
    title,
    text: joinSections(sections),
    sections,
    meta: {
      url: link,
      videoId,
      channel: details.author ?? null,
      durationSeconds: Number.isFinite(length) && length > 0 ? length : null,
      transcriptLanguage: track.languageCode,
      transcriptGenerated: track.kind === 'asr',
      // Which captions the text came from, for the source's notes: "Captions in German
      // (auto-generated)", most useful when none were in the learner's language.
      captions: captionTrackLabel(track),
    },
  };
}
