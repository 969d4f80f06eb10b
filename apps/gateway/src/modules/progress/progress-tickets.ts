import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { identitySchema, type Identity } from '@mnemo/contracts/identity';

/** About a minute: long enough to open the stream right after asking, short enough to be worthless later. */
export const PROGRESS_TICKET_TTL_SECONDS = 60;

const ticketKey = (prefix: string, ticket: string) => `${prefix}:progress-ticket:${ticket}`;
const storedSchema = z.object({ sourceId: z.string(), identity: identitySchema });
/** What issue() hands out: 32 random bytes, base64url. Anything else is not worth a Redis round trip. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Tickets for the progress stream (decisions.md, "Progress stream tickets"): the login token or the
 * guest session id would otherwise have to travel in the EventSource URL, into browser history and
 * access logs. A ticket names one source and one caller, lives PROGRESS_TICKET_TTL_SECONDS, and is
 * spent by the first stream that presents it, for whichever source: GETDEL makes that atomic across
 * gateway replicas sharing Redis.
 */
export function createProgressTickets({ redis, prefix }: { redis: Pick<Redis, 'set' | 'getdel'>; prefix: string }) {
  return {
    async issue(sourceId: string, identity: Identity): Promise<string> {
      const ticket = randomBytes(32).toString('base64url');
      await redis.set(ticketKey(prefix, ticket), JSON.stringify({ sourceId, identity }), 'EX', PROGRESS_TICKET_TTL_SECONDS);
      return ticket;
    },

    /** The caller the ticket was issued to, or null when it is unknown, spent, expired or for another source. */
    async redeem(ticket: string, sourceId: string): Promise<Identity | null> {
      if (!TICKET_PATTERN.test(ticket)) return null;
      const raw = await redis.getdel(ticketKey(prefix, ticket));
      if (!raw) return null;
      const stored = storedSchema.safeParse(JSON.parse(raw));
      if (!stored.success || stored.data.sourceId !== sourceId) return null;
      return stored.data.identity;
    },
  };
}
export type ProgressTickets = ReturnType<typeof createProgressTickets>;
