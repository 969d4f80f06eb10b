import { ExtractionError } from './errors';
import { extractFile, type FileOptions } from './file';
import { parseHttpUrl, type Fetcher } from './safe-fetch';
import type { Extracted } from './types';
import { extractWeb } from './web';
import { isYoutubeHost } from '@mnemo/contracts/api/sources';
import { extractYoutube, type YoutubeAddresses } from './youtube';

export { normaliseText } from './text';

/**
 * One entry point for the ingest job: a link (a YouTube video or any web page) or an uploaded
 * file's bytes, to text with its sections. Nothing here knows about queues or the database.
 */
export type SourceInput =
  | { kind: 'url'; url: string }
  | { kind: 'file'; data: Uint8Array; filename?: string | null; contentType?: string | null };

export type ExtractDeps = {
  /** The SSRF-safe fetcher (createSafeFetch) for links; tests give a local or a replaying one. */
  fetch: Fetcher;
  /** Caption languages for videos, best first. */
  languages?: readonly string[];
  /** Where YouTube is asked for captions (YOUTUBE_WATCH_URL, YOUTUBE_PLAYER_URL). */
  youtube?: YoutubeAddresses;
  file?: FileOptions;
};

export async function extractSource(input: SourceInput, deps: ExtractDeps): Promise<Extracted> {
  if (input.kind === 'file') {
    return extractFile(input, deps.file);
  }
  // Refuses a bad scheme or credentials before anything else, for videos and pages alike.
  const url = parseHttpUrl(input.url);
  if (isYoutubeHost(url.hostname)) {
    return extractYoutube(url.href, {
      fetch: deps.fetch,
      ...(deps.languages ? { languages: deps.languages } : {}),
      ...(deps.youtube ? { addresses: deps.youtube } : {}),
    });
  }
  return extractWeb(url.href, { fetch: deps.fetch, ...(deps.file ? { file: deps.file } : {}) });
}

export { ExtractionError };
