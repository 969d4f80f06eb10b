import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { processingStatusSchema } from '../progress';

export const SOURCE_TYPES = ['website', 'youtube', 'document'] as const;
export const sourceTypeSchema = z.enum(SOURCE_TYPES);
export type SourceType = z.infer<typeof sourceTypeSchema>;

/** Source titles are cut, not refused, at 50 characters (spec 01 §9, spec 02 §5). */
export const SOURCE_TITLE_MAX = 50;
/**
 * Cuts at a word boundary (Intl.Segmenter, so Chinese or Japanese words too) within `max`
 * characters, counted by code point so a title never ends in half an emoji (Postgres counts
 * characters too). When the whole words would leave less than 60% of the limit (one very long
 * word, a link), the title is cut by code point instead.
 */
export function cutTitle(title: string, max: number): string {
  const trimmed = title.trim();
  const chars = [...trimmed];
  if (chars.length <= max) return trimmed;
  let kept = '';
  let length = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(
    trimmed,
  )) {
    const n = [...segment].length;
    if (length + n > max) break;
    kept += segment;
    length += n;
  }
  const cut = kept.replace(/[\s,;:–—-]+$/u, '');
  return [...cut].length >= max * 0.6 ? cut : chars.slice(0, max).join('');
}

/** Source titles are cut, not refused, at 50 characters (spec 01 §9, spec 02 §5). */
export function cutSourceTitle(title: string): string {
  return cutTitle(title, SOURCE_TITLE_MAX);
}

/**
 * A source (spec 01 §3 and spec 02 §3). `content` is the extracted text: GET /decks/:id and
 * GET /ai/source-status carry it; lists may leave it out because it can be megabytes.
 */
export const sourceSchema = z.object({
  _id: idSchema,
  type: sourceTypeSchema,
  url: z.string().nullable(),
  title: z.string().max(SOURCE_TITLE_MAX),
  originalFilename: z.string().nullable(),
  filename: z.string().nullable(),
  storageRef: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeInBytes: z.number().int().min(0),
  summary: z.string().nullable(),
  keyPoints: z.array(z.string()),
  content: z.string().nullish(),
  processingStatus: processingStatusSchema,
  // Additions.
  deckId: idSchema.optional(),
  /** Why processing failed, in words a user can act on; null unless processingStatus is failed. */
  processingError: z.string().nullish(),
  /** The extracted text's language, a BCP 47 tag ('de', 'zh'); null until read or when unclear. */
  language: z.string().nullish(),
  /**
   * What the learner should know about how the text was read: which captions a video was read
   * from ("Captions in German (auto-generated)"), pages that could not be read.
   */
  notes: z.array(z.string()).optional(),
  createdAt: isoDateSchema.optional(),
  updatedAt: isoDateSchema.optional(),
});
export type Source = z.infer<typeof sourceSchema>;

/** What lists show of a source: enough for a type icon or a video thumbnail. */
export const sourceSummarySchema = sourceSchema.pick({
  _id: true,
  type: true,
  title: true,
  url: true,
});
export type SourceSummary = z.infer<typeof sourceSummarySchema>;

/** The source a question or card came from (spec 02 §3: source {sourceId, type, title}). */
export const sourceRefSchema = z.object({
  sourceId: idSchema,
  type: sourceTypeSchema,
  title: z.string(),
});
export type SourceRef = z.infer<typeof sourceRefSchema>;
