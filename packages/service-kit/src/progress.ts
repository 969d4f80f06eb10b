import type { Redis } from 'ioredis';
import {
  PROGRESS_TTL_SECONDS,
  progressChannel,
  progressEventSchema,
  progressLatestKey,
  progressOwnerKey,
  type ProgressEvent,
} from '@mnemo/contracts/progress';

/** A progress event as its publisher writes it: the store stamps the time. */
export type ProgressInput = Omit<ProgressEvent, 'timestamp' | 'details'> & { details?: ProgressEvent['details'] };

/**
 * A source's processing progress in Redis, the one place it is written and read: each event is
 * published on the source's channel (the gateway relays it to the browser) and kept as the latest
 * state for a client that connects late, in one MULTI so a client that connects between the two
 * never sees a state older than the last event. The deck service writes the first state when it
 * starts processing (with the owner who may watch), the worker every later one, the gateway reads.
 */
export function createProgressStore({ redis, prefix, now = () => new Date() }: { redis: Redis; prefix: string; now?: () => Date }) {
  /**
   * Publishes an event and keeps it as the latest state. `owner` (an owner tag, `user:<id>` or
   * `anon:<id>`) also names who may watch the stream, in the same MULTI.
   */
  async function publish(input: ProgressInput, { owner }: { owner?: string } = {}): Promise<ProgressEvent> {
    const event = progressEventSchema.parse({ ...input, details: input.details ?? null, timestamp: now().toISOString() });
    const json = JSON.stringify(event);
    const multi = redis.multi();
    if (owner !== undefined) multi.set(progressOwnerKey(prefix, event.sourceId), owner, 'EX', PROGRESS_TTL_SECONDS);
    await multi
      .set(progressLatestKey(prefix, event.sourceId), json, 'EX', PROGRESS_TTL_SECONDS)
      .publish(progressChannel(prefix, event.sourceId), json)
      .exec();
    return event;
  }

  /** The last state published for the source; null when none is kept (or it is not an event). */
  async function latest(sourceId: string): Promise<ProgressEvent | null> {
    const raw = await redis.get(progressLatestKey(prefix, sourceId));
    if (!raw) return null;
    const parsed = progressEventSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  return { publish, latest };
}
export type ProgressStore = ReturnType<typeof createProgressStore>;
