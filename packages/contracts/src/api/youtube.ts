import { z } from 'zod';
import { successFlag } from '../common';

/** GET /youtube/search?q= (spec 01 §7). An empty term is refused (the spec's client never sends one). */
export const youtubeSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
export type YoutubeSearchQuery = z.input<typeof youtubeSearchQuerySchema>;

/** Video ids are 11 characters (spec 01 §5). */
export const youtubeVideoIdSchema = z.string().regex(/^[\w-]{11}$/, 'Video ids are 11 characters');
export const youtubeVideoSchema = z.object({
  id: youtubeVideoIdSchema,
  title: z.string(),
  thumbnail: z.string(),
  // Addition.
  channelTitle: z.string().optional(),
});
export type YoutubeVideo = z.infer<typeof youtubeVideoSchema>;
export const youtubeSearchResponseSchema = z.object({
  success: successFlag,
  videos: z.array(youtubeVideoSchema),
});
export type YoutubeSearchResponse = z.output<typeof youtubeSearchResponseSchema>;
