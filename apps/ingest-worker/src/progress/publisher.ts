import type { Redis } from 'ioredis';
import {
  PROGRESS_TTL_SECONDS,
  progressChannel,
  progressEventSchema,
  progressLatestKey,
  type ProgressEvent,
} from '@mnemo/contracts/progress';

export type ProgressInput = Omit<ProgressEvent, 'timestamp' | 'details'> & { details?: ProgressEvent['details'] };

/**
 * Publishes a progress event and keeps it as the latest state, in one MULTI so a client that
 * connects between the two never sees a state older than the last event.
 */
export function createProgressPublisher({ redis, prefix, now = () => new Date() }: { redis: Redis; prefix: string; now?: () => Date }) {
  return async function publish(input: ProgressInput): Promise<ProgressEvent> {
    const event = progressEventSchema.parse({ ...input, details: input.details ?? null, timestamp: now().toISOString() });
    const json = JSON.stringify(event);
    await redis
      .multi()
      .set(progressLatestKey(prefix, event.sourceId), json, 'EX', PROGRESS_TTL_SECONDS)
      .publish(progressChannel(prefix, event.sourceId), json)
      .exec();
    return event;
  };
}
export type ProgressPublisher = ReturnType<typeof createProgressPublisher>;
