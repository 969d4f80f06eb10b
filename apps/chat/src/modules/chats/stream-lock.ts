import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '@mnemo/service-kit';

/**
 * One stream per chat at a time, across replicas: a Redis key per chat holding a random token,
 * set with NX and a TTL. The holder refreshes the TTL while it streams, so a replica that dies
 * mid-stream frees the chat within one TTL; release deletes the key only if it still holds it.
 */
export type StreamLockOptions = { redis: Redis; prefix: string; ttlMs?: number };

export const STREAM_LOCK_TTL_MS = 60_000;
export const STREAM_IN_PROGRESS_MESSAGE = 'A stream is already in progress';

// Compare-and-delete / compare-and-extend: never touch a lock another holder took after ours expired.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export type StreamLease = { release: () => Promise<void> };

export function createStreamLock({ redis, prefix, ttlMs = STREAM_LOCK_TTL_MS }: StreamLockOptions) {
  const keyOf = (chatId: string) => `${prefix}:chat-stream-lock:${chatId}`;
  return {
    /** Takes the chat's lock or throws STREAM_IN_PROGRESS (409). */
    async acquire(chatId: string): Promise<StreamLease> {
      const key = keyOf(chatId);
      const token = randomUUID();
      const ok = await redis.set(key, token, 'PX', ttlMs, 'NX');
      if (ok !== 'OK') throw new AppError('STREAM_IN_PROGRESS', STREAM_IN_PROGRESS_MESSAGE);
      const refresh = setInterval(() => {
        redis.eval(EXTEND, 1, key, token, String(ttlMs)).catch(() => {
          // A failed refresh only shortens the lock to its TTL; the stream itself goes on.
        });
      }, Math.max(1000, Math.floor(ttlMs / 3)));
      refresh.unref();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(refresh);
          await redis.eval(RELEASE, 1, key, token);
        },
      };
    },
  };
}
export type StreamLock = ReturnType<typeof createStreamLock>;
