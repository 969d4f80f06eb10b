import type { Redis } from 'ioredis';
import type { Identity } from '@mnemo/contracts/identity';
import { AppError } from '@mnemo/service-kit';

/**
 * Chat messages a caller may send a day, by plan (PLAN_LIMITS; null is unlimited). Counted in Redis
 * per caller per UTC day: the chat service must not write the auth service's tables, and a counter
 * with a two-day TTL needs no clean-up. Every call that asks the tutor counts one message.
 */
export type MessageQuotaOptions = {
  redis: Redis;
  prefix: string;
  /** Messages a day for anonymous sessions; signed-in plans are unlimited (spec 01 §6). */
  anonymousPerDay: number;
  now?: () => Date;
};

const DAY_SECONDS = 86_400;

export const dailyLimitMessage = (limit: number) =>
  `You've reached the limit of ${limit} chat messages a day for guests. Sign up to keep chatting.`;

export function createMessageQuota({ redis, prefix, anonymousPerDay, now = () => new Date() }: MessageQuotaOptions) {
  const todayKey = (anonId: string) => `${prefix}:chat-messages:${anonId}:${now().toISOString().slice(0, 10)}`;
  return {
    /** Counts one message for the caller; LIMIT_REACHED (402, limitReached) once over the day's limit. */
    async consume(identity: Identity): Promise<void> {
      if (identity.kind !== 'anonymous') return;
      const key = todayKey(identity.anonId);
      const [[, count] = [null, 0]] = (await redis.multi().incr(key).expire(key, 2 * DAY_SECONDS).exec()) ?? [];
      if (Number(count) > anonymousPerDay) {
        throw new AppError('LIMIT_REACHED', dailyLimitMessage(anonymousPerDay), { flags: { limitReached: true } });
      }
    },
    /** Messages a guest has sent today (refused ones past the limit are not counted as sent). */
    async used(anonId: string): Promise<number> {
      return Math.min(Number((await redis.get(todayKey(anonId))) ?? 0), anonymousPerDay);
    },
  };
}
export type MessageQuota = ReturnType<typeof createMessageQuota>;
