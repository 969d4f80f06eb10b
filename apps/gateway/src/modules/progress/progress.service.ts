import type { Redis } from 'ioredis';
import {
  progressChannel,
  progressEventSchema,
  progressLatestKey,
  progressOwnerKey,
  ownerTag,
  type ProgressEvent,
} from '@mnemo/contracts/progress';
import type { Identity } from '@mnemo/contracts/identity';

type Listener = (event: ProgressEvent) => void;

/**
 * Relays progress from Redis pub/sub to SSE clients. One subscriber connection serves every client
 * of this gateway; channels are subscribed while at least one client listens.
 */
export function createProgressRelay({ redis, subscriber, prefix }: { redis: Redis; subscriber: Redis; prefix: string }) {
  const listeners = new Map<string, Set<Listener>>();

  subscriber.on('message', (channel: string, message: string) => {
    const set = listeners.get(channel);
    if (!set) return;
    let parsed: ProgressEvent;
    try {
      parsed = progressEventSchema.parse(JSON.parse(message));
    } catch {
      return; // Not ours to relay: a malformed event never reaches a browser.
    }
    for (const l of set) l(parsed);
  });

  return {
    /** Whether the caller may watch this source: only the identity that enqueued its processing. */
    async mayWatch(sourceId: string, identity: Identity): Promise<boolean> {
      const tag = ownerTag(identity);
      if (!tag) return false;
      const owner = await redis.get(progressOwnerKey(prefix, sourceId));
      return owner === tag;
    },

    async latest(sourceId: string): Promise<ProgressEvent | null> {
      const raw = await redis.get(progressLatestKey(prefix, sourceId));
      if (!raw) return null;
      const parsed = progressEventSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    },

    async subscribe(sourceId: string, listener: Listener): Promise<() => Promise<void>> {
      const channel = progressChannel(prefix, sourceId);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await subscriber.subscribe(channel);
      }
      set.add(listener);
      return async () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(channel);
          await subscriber.unsubscribe(channel).catch(() => {});
        }
      };
    },
  };
}

export type ProgressRelay = ReturnType<typeof createProgressRelay>;
