import type { Redis } from 'ioredis';
import {
  PROGRESS_TTL_SECONDS,
  progressAccessPath,
  progressAccessResponseSchema,
  progressChannel,
  progressEventSchema,
  progressOwnerKey,
  ownerTag,
  type ProgressEvent,
} from '@mnemo/contracts/progress';
import type { Identity } from '@mnemo/contracts/identity';
import type { TraceCarrier } from '@mnemo/service-kit';
import { createProgressStore } from '@mnemo/service-kit/progress';

type Listener = (event: ProgressEvent) => void;

/** The deck service's internal API, as far as the relay uses it. */
export type DeckClient = { post<T = unknown>(path: string, body: unknown, options?: { trace?: TraceCarrier }): Promise<T> };

/**
 * Relays progress from Redis pub/sub to SSE clients. One subscriber connection serves every client
 * of this gateway; channels are subscribed while at least one client listens.
 */
export function createProgressRelay({
  redis,
  subscriber,
  prefix,
  deck,
}: {
  redis: Redis;
  subscriber: Redis;
  prefix: string;
  /** Asked when the owner key has expired; without it, an expired key means no. */
  deck?: DeckClient;
}) {
  const listeners = new Map<string, Set<Listener>>();
  const store = createProgressStore({ redis, prefix });

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
    /**
     * Whether the caller may watch this source: the identity that started its processing, as the
     * deck service wrote it to Redis. When that key has expired (a page left open, a source
     * processed yesterday) or names someone else (the source's deck has moved to an account since:
     * a guest who signed up while it processed), the deck service is asked whether the caller owns
     * the source, and a yes is kept under the same key for PROGRESS_TTL_SECONDS.
     */
    async mayWatch(sourceId: string, identity: Identity, trace?: TraceCarrier): Promise<boolean> {
      const tag = ownerTag(identity);
      if (!tag) return false;
      const key = progressOwnerKey(prefix, sourceId);
      const owner = await redis.get(key);
      if (owner === tag) return true;
      if (!deck) return false;
      const answer = progressAccessResponseSchema.parse(await deck.post(progressAccessPath(sourceId), { owner: tag }, { trace }));
      if (answer.allowed) await redis.set(key, tag, 'EX', PROGRESS_TTL_SECONDS);
      return answer.allowed;
    },

    /** The latest state, for a client that connects after the first events. */
    latest: store.latest,

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
