import type { FastifyBaseLogger } from 'fastify';
import {
  INTERNAL_USAGE_CHECK_PATH,
  internalUsageCheckResponseSchema,
  type InternalUsageCheckResponse,
} from '@mnemo/contracts/internal/billing';
import type { Owner } from '@mnemo/db/owner';
import { AppError, type TraceCarrier } from '@mnemo/service-kit';
import type { InternalClient } from '@mnemo/service-kit/internal-client';

const MB = 1024 * 1024;
const mb = (bytes: number) => (Math.round((bytes / MB) * 10) / 10).toFixed(1);
const ownerKey = (owner: Owner) => (owner.userId ? `user:${owner.userId}` : `anon:${owner.anonId}`);

/**
 * The monthly processing allowance, asked of the billing service before a source is processed
 * (the deck service never reads billing's tables). An unlimited answer (Scholar) is remembered for
 * 30 seconds; a limited one is not, since the month's usage moves with every source. When billing
 * cannot answer, processing goes ahead and is logged: an outage of billing must not stop learners,
 * and the worker still records the usage once billing is back (docs/decisions.md).
 */
export function createUsageGuard({
  billing,
  log,
  unlimitedCacheMs = 30_000,
}: {
  billing: Pick<InternalClient, 'post'>;
  log: FastifyBaseLogger;
  unlimitedCacheMs?: number;
}) {
  const unlimitedUntil = new Map<string, number>();

  return {
    /**
     * Throws 402 LIMIT_REACHED (limitReached: true) when `bytes` more would pass the allowance.
     * `trace`: the request's, which billing's span continues.
     */
    async ensureAllowance(owner: Owner, bytes: number, trace?: TraceCarrier) {
      const key = ownerKey(owner);
      if ((unlimitedUntil.get(key) ?? 0) > Date.now()) return;
      let answer: InternalUsageCheckResponse;
      try {
        answer = internalUsageCheckResponseSchema.parse(await billing.post(INTERNAL_USAGE_CHECK_PATH, { owner, bytes }, { trace }));
      } catch (err) {
        log.warn({ err, owner: key }, 'billing did not answer the usage check; processing anyway');
        return;
      }
      if (answer.limitBytes === null) {
        unlimitedUntil.set(key, Date.now() + unlimitedCacheMs);
        return;
      }
      unlimitedUntil.delete(key);
      if (!answer.allowed) {
        const left = Math.max(0, answer.limitBytes - answer.usedBytes);
        throw new AppError(
          'LIMIT_REACHED',
          `You have reached your monthly processing limit: this source needs ${mb(bytes)} MB and ${mb(left)} MB of your ${mb(answer.limitBytes)} MB are left until ${answer.resetDate.slice(0, 10)}. Upgrade to Scholar for unlimited processing.`,
          { flags: { limitReached: true } },
        );
      }
    },
  };
}
export type UsageGuard = ReturnType<typeof createUsageGuard>;
