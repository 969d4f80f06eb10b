import { z } from 'zod';
import { successFlag } from '../common';

/**
 * GET /youtube/search?q= (spec 01 §7). An empty term is refused (the spec's client never sends one).
 * Without a YouTube Data API key on the server the call answers 503 SERVICE_UNAVAILABLE with
 * 'Video search is not configured' (the page shows 'Search failed: ' plus the message).
 */
export const youtubeSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
export type YoutubeSearchQuery = z.input<typeof youtubeSearchQuerySchema>;

/** Video ids are 11 characters (spec 01 §5). */
export const youtubeVideoIdSchema = z.string().regex(/^[\w-]{11}$/, 'Video ids are 11 characters');
/** Videos one search answers: the creation page's scrollable thumbnail row (the spec gives no count: ours). */
export const YOUTUBE_SEARCH_MAX_RESULTS = 12;
export const youtubeVideoSchema = z.object({
  id: youtubeVideoIdSchema,
  title: z.string(),
  /** The 320x180 ('medium') thumbnail, else the largest YouTube gave. */
  thumbnail: z.string(),
  // Additions.
  channelTitle: z.string().optional(),
  /** When the video was published (ISO 8601, as YouTube gives it). */
  publishedAt: z.string().optional(),
});
export type YoutubeVideo = z.infer<typeof youtubeVideoSchema>;
export const youtubeSearchResponseSchema = z.object({
  success: successFlag,
  videos: z.array(youtubeVideoSchema),
});
export type YoutubeSearchResponse = z.output<typeof youtubeSearchResponseSchema>;
