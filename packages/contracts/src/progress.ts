import { z } from 'zod';
import { idSchema } from './common';

/**
 * Progress steps of spec 02 §4, in the order a successful run emits them. Addition: `ocr`, between
 * extracting and content-extracted, only for scans and pictures, once per page read
 * (details: { pagesDone, pagesTotal }).
 */
export const PROGRESS_STEPS = [
  'connected',
  'starting',
  'extracting',
  'ocr',
  'content-extracted',
  'chunking',
  'chunks-created',
  'embeddings',
  'storing-vectors',
  'vectors-ready',
  'vectors-warning',
  'generating-summary',
  'generating-keypoints',
  'completed',
  'error',
] as const;
export const progressStepSchema = z.enum(PROGRESS_STEPS);
export type ProgressStep = z.infer<typeof progressStepSchema>;

/** Terminal steps: the client stops listening 2 s after one of these. */
export const TERMINAL_STEPS: readonly ProgressStep[] = ['completed', 'error'];

/** Source processing statuses of spec 02 §4. */
export const PROCESSING_STATUSES = [
  'pending',
  'processing',
  'content-ready',
  'flashcards-ready',
  'completed',
  'failed',
] as const;
export const processingStatusSchema = z.enum(PROCESSING_STATUSES);
export type ProcessingStatus = z.infer<typeof processingStatusSchema>;

/**
 * Statuses of a source the worker is still working on (spec 02 §4: polled until completed or
 * failed). The deck service refuses to clone a deck with one; the generation job waits for them.
 */
export const IN_FLIGHT_STATUSES: readonly ProcessingStatus[] = ['processing', 'content-ready', 'flashcards-ready'];

/** One progress event, as published on Redis and relayed to the browser as SSE data. */
export const progressEventSchema = z.object({
  sourceId: z.string(),
  step: progressStepSchema,
  message: z.string(),
  progress: z.number().min(0).max(100),
  details: z.record(z.string(), z.unknown()).nullable().default(null),
  timestamp: z.iso.datetime(),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;

/** Redis names, all under the deployment's prefix so two copies sharing one Redis never meet. */
export const progressChannel = (prefix: string, sourceId: string) => `${prefix}:progress:${sourceId}`;
export const progressLatestKey = (prefix: string, sourceId: string) => `${prefix}:progress-latest:${sourceId}`;
/** Who may watch a source's progress: set by whoever enqueues the job, read by the gateway. */
export const progressOwnerKey = (prefix: string, sourceId: string) => `${prefix}:progress-owner:${sourceId}`;
/** How long the latest state and owner stay in Redis after the last event. */
export const PROGRESS_TTL_SECONDS = 60 * 60;

/**
 * The owner of a source's progress stream as stored in Redis: `user:<id>` or `anon:<id>`.
 * Returns null for callers who own nothing.
 */
export function ownerTag(owner: { kind: string; userId?: string; anonId?: string } | { userId?: string; anonId?: string }): string | null {
  if ('userId' in owner && owner.userId) return `user:${owner.userId}`;
  if ('anonId' in owner && owner.anonId) return `anon:${owner.anonId}`;
  return null;
}

/** The owner an owner tag names (`user:<id>` or `anon:<id>`), or null for anything else. */
export function ownerFromTag(tag: string): { userId: string } | { anonId: string } | null {
  const match = /^(user|anon):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(tag);
  if (!match) return null;
  return match[1] === 'user' ? { userId: match[2]! } : { anonId: match[2]! };
}

/**
 * Internal call from the gateway to the deck service when a source's owner key has expired from
 * Redis: may this owner watch the source's progress? (Yes when the owner owns the source's deck.)
 * POSTed with the gateway's service identity; the gateway caches a yes under progressOwnerKey.
 */
export const progressAccessPath = (sourceId: string) => `/internal/sources/${sourceId}/may-watch`;
export const progressAccessParamsSchema = z.object({ sourceId: idSchema });
export const progressAccessBodySchema = z.object({
  owner: z.string().refine((t) => ownerFromTag(t) !== null, 'An owner tag: user:<id> or anon:<id>'),
});
export type ProgressAccessBody = z.infer<typeof progressAccessBodySchema>;
export const progressAccessResponseSchema = z.object({ allowed: z.boolean() });
export type ProgressAccessResponse = z.infer<typeof progressAccessResponseSchema>;
