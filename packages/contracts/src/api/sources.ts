import { z } from 'zod';
import { idSchema, successFlag } from '../common';
import { cutSourceTitle, sourceSchema } from '../entities/source';

/** Source calls of spec 01 §7 and spec 02 §7: add a source to a deck, remove one. */

export const URL_MAX = 2048;
/**
 * A link: trimmed, http or https only (the client prepends https:// to a bare host). Whether the
 * address may be fetched at all (no private or metadata addresses) is the server's check, answered
 * with SSRF_BLOCKED.
 */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(URL_MAX)
  .pipe(z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' }));

/**
 * YouTube's hosts: the site and its subdomains (www, m, music), the no-cookie embed host, the short
 * host. The one rule for "is this YouTube": the deck service types sources with it and the worker
 * routes extraction with it (they had a copy each, and the copies disagreed).
 */
export const isYoutubeHost = (hostname: string) => {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'youtu.be' ||
    host === 'www.youtu.be' ||
    host === 'youtube.com' ||
    host.endsWith('.youtube.com') ||
    host === 'youtube-nocookie.com' ||
    host.endsWith('.youtube-nocookie.com')
  );
};
const VIDEO_ID = /^[\w-]{11}$/;

/**
 * The 11-character video id of a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/, /live/, /v/),
 * or null for anything else, including a YouTube page that is not one video (a channel, a playlist)
 * and a link that is not http(s).
 */
export function youtubeVideoId(link: string | URL): string | null {
  let parsed: URL;
  try {
    parsed = typeof link === 'string' ? new URL(link.trim()) : link;
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (!isYoutubeHost(parsed.hostname)) return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  const candidate =
    host === 'youtu.be' || host === 'www.youtu.be'
      ? segments[0]
      : segments[0] === 'watch'
        ? parsed.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0] ?? '')
          ? segments[1]
          : undefined;
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * The type of a link source (spec 01 §5, spec 02 §5): youtube for a YouTube link to one video
 * (11-character id), website for everything else. The server decides it from the address; the
 * type a client sends is only a hint.
 */
export const linkSourceType = (url: string): 'youtube' | 'website' =>
  youtubeVideoId(url) ? 'youtube' : 'website';

/** A title is cut to 50 characters, never refused for its length (spec 01 §9). */
const sourceTitleInput = z.string().transform(cutSourceTitle);

/**
 * Fields the spec's client sends with a new source but the server decides itself: the summary and
 * key points are generated, and a new source is always pending.
 */
const ignoredByServer = {
  summary: z.string().nullish(),
  keyPoints: z.array(z.string()).nullish(),
  processingStatus: z.literal('pending').optional(),
};

/** A website or video link. */
export const linkSourceInputSchema = z.object({
  type: z.enum(['website', 'youtube']),
  url: httpUrlSchema,
  title: sourceTitleInput.optional(),
  ...ignoredByServer,
});

/** An uploaded document: the `file` fields of the POST /upload/document answer. */
export const documentSourceInputSchema = z.object({
  type: z.literal('document'),
  storageRef: z.string().min(1).max(500),
  originalFilename: z.string().min(1).max(255).optional(),
  downloadUrl: z.string().max(URL_MAX).nullish(),
  contentType: z.string().max(255).optional(),
  sizeInBytes: z.number().int().min(0).optional(),
  url: z.string().max(URL_MAX).nullish(),
  title: sourceTitleInput.optional(),
  ...ignoredByServer,
});

/** The add-source payload of spec 02 §7. */
export const sourceInputSchema = z.discriminatedUnion('type', [
  linkSourceInputSchema,
  documentSourceInputSchema,
]);
export type SourceInput = z.input<typeof sourceInputSchema>;

export const addSourceParamsSchema = z.object({ id: idSchema });
/**
 * POST /decks/:id/sources. The spec writes the payload both as `{source}` and as the source's own
 * fields; both are accepted, and the parsed value is always the source.
 */
export const addSourceBodySchema = z
  .union([z.object({ source: sourceInputSchema }), sourceInputSchema])
  .transform((body) => ('source' in body ? body.source : body));
export type AddSourceBody = z.input<typeof addSourceBodySchema>;
export const addSourceResponseSchema = sourceSchema.extend({ success: successFlag });
export type AddSourceResponse = z.output<typeof addSourceResponseSchema>;

export const removeSourceParamsSchema = z.object({ id: idSchema, sourceId: idSchema });
export const removeSourceBodySchema = z.object({
  /** Delete the cards generated from this source too. */
  deleteCards: z.boolean().default(false),
});
export type RemoveSourceBody = z.input<typeof removeSourceBodySchema>;
export const removeSourceResponseSchema = z.object({
  success: successFlag,
  /** How many cards were deleted with the source (0 when deleteCards was false). */
  cardsDeleted: z.number().int().min(0),
});
export type RemoveSourceResponse = z.output<typeof removeSourceResponseSchema>;
