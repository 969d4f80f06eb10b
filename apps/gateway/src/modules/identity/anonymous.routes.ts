import type { FastifyInstance } from 'fastify';
import { AppError } from '@mnemo/service-kit';
import type { IssueAnonymousSessionResponse } from '@mnemo/contracts/api/auth';
import type { AnonymousIds } from './anonymous-id';
import type { AddressCounter } from './address-counter';

/** Where guests get their id; the identity plugin ignores any identity header on this one path. */
export const ISSUE_ANONYMOUS_SESSION_PATH = '/api/auth/anonymous-sessions';

/**
 * POST /api/auth/anonymous-sessions: a new signed guest id. Nothing is written: the auth service
 * creates the session's row when the guest first needs it (its limits, or signing up). Each client
 * address may be issued `perHour` ids, so fresh ids cannot buy fresh per-guest allowances.
 *
 * While Redis is unreachable no id is issued (503, fail closed), unlike the per-request limits,
 * which are skipped during an outage: an id outlives the outage, so ids handed out uncounted would
 * each carry a fresh allowance afterwards, which is what this count exists to prevent. Guests who
 * already hold an id keep being served.
 */
export async function anonymousSessionRoutes(
  app: FastifyInstance,
  { ids, issued, perHour }: { ids: Pick<AnonymousIds, 'issue'>; issued: AddressCounter; perHour: number },
) {
  app.post(ISSUE_ANONYMOUS_SESSION_PATH, async (request, reply) => {
    const { count, resetSeconds } = await issued.hit(request.ip);
    if (count > perHour) {
      const minutes = Math.ceil(resetSeconds / 60);
      throw new AppError(
        'RATE_LIMITED',
        `Too many guest sessions from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign up.`,
      );
    }
    const body: IssueAnonymousSessionResponse = { success: true, sessionId: ids.issue(), createdAt: new Date().toISOString() };
    return reply.status(201).send(body);
  });
}
