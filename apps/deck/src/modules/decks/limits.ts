import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Identity, Plan } from '@mnemo/contracts/identity';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import type { Tx } from '@mnemo/db/client';
import type { DeckScope, DecksRepository } from './decks.repository';
import type { Owner } from '@mnemo/db/owner';
import { AppError, requireOwner, spanTraceCarrier, type TraceCarrier } from '@mnemo/service-kit';

/** What a plan allows; null is unlimited (Scholar). */
export type PlanLimits = { studySpaces: number | null; decksPerSpace: number | null; cardsPerDeck: number | null };
/** Guests' limits: configurable (ANONYMOUS_MAX_*), the same variables the auth service reports. */
export type AnonymousLimits = { studySpaces: number; decksPerSpace: number; cardsPerDeck: number };
/** A plan's limits, as wired in app.ts. */
export type LimitsOf = (plan: Plan) => PlanLimits;

/**
 * The caller's plan, the one way the deck service decides it: the plan the gateway signed into the
 * identity (anonymous sessions are always 'anonymous'). Billing owns subscriptions; the deck service
 * never reads its tables (DESIGN: limits are asked of billing, not read), so a subscription reaches
 * this service through the identity the gateway signs (docs/decisions.md).
 */
export const planOf = (identity: Identity): Plan => (identity.kind === 'user' ? identity.plan : 'anonymous');

/**
 * The owner of what the caller creates, the plan that limits it and the request's trace; 401
 * without a session.
 */
export function callerOf(request: FastifyRequest): Caller {
  return { owner: requireOwner(request), plan: planOf(request.identity), trace: spanTraceCarrier(request.span) };
}
export type Caller = {
  owner: Owner;
  plan: Plan;
  /**
   * The request's trace, for what continues it: enqueued jobs and internal calls. The deck service
   * does not keep its requests' spans in the async context (app.ts, TracingOptions.activeContext),
   * so they are handed it here.
   */
  trace?: TraceCarrier | undefined;
};

/** The limits of each plan, with the guests' configured ones. */
export function limitsFor(anonymous: AnonymousLimits = PLAN_LIMITS.anonymous): LimitsOf {
  return (plan) => {
    const { studySpaces, decksPerSpace, cardsPerDeck } = plan === 'anonymous' ? anonymous : PLAN_LIMITS[plan];
    return { studySpaces, decksPerSpace, cardsPerDeck };
  };
}

/** The most cards one deck of this plan may hold (null: unlimited); for card generation. */
export const deckCardLimit = (limitsOf: LimitsOf, plan: Plan): number | null => limitsOf(plan).cardsPerDeck;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 402 LIMIT_REACHED with `limitReached: true` (ADR 0005): the spec's client opens the sign-in or
 * upgrade dialog. The message says which limit and what lifts it.
 */
export function limitReached(limit: 'studySpaces' | 'decksPerSpace', plan: Plan, max: number): AppError {
  const message =
    limit === 'studySpaces'
      ? plan === 'anonymous'
        ? `Guests can create ${plural(max, 'study space', 'study spaces')}. Sign up for free to create more.`
        : `The free plan allows ${plural(max, 'study space', 'study spaces')}. Upgrade to Scholar for unlimited study spaces.`
      : plan === 'anonymous'
        ? `Guests can create ${plural(max, 'deck', 'decks')}. Sign up for free to create more.`
        : `The free plan allows ${plural(max, 'deck', 'decks')} per study space. Upgrade to Scholar for unlimited decks.`;
  return new AppError('LIMIT_REACHED', message, { flags: { limitReached: true }, details: { limit, max, plan } });
}

/**
 * Serialises, per owner, the transactions that check a count limit and then create or move rows
 * (spaces, decks), so two requests at once cannot both pass a check for the last free place.
 * Released at commit or rollback.
 */
export async function lockOwnerLimits(tx: Tx, owner: Owner): Promise<void> {
  const key = owner.userId ? `mnemo:limits:user:${owner.userId}` : `mnemo:limits:anon:${owner.anonId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * 402 LIMIT_REACHED when a clone or an import would hold more cards than the caller's plan allows in one deck:
 * refused whole rather than cut (a clone is the original or nothing; an import is the file or nothing).
 */
export const cardLimitReached = (caller: Caller, cards: number, max: number, action = 'clone it') =>
  new AppError(
    'LIMIT_REACHED',
    caller.plan === 'anonymous'
      ? `This deck has ${cards} cards; guests can have ${max} cards per deck. Sign up for free to ${action}.`
      : `This deck has ${cards} cards; the free plan allows ${max} cards per deck. Upgrade to Scholar to ${action}.`,
    { flags: { limitReached: true }, details: { limit: 'cardsPerDeck', max, cards, plan: caller.plan } },
  );

/**
 * Which decks the decks-per-space limit counts for a deck going into `spaceId`. Decks outside any
 * space count as one group of their own. A guest may have one space, and their limit counts all
 * their decks together, so decks outside a space are not a second allowance (docs/decisions.md).
 */
export const limitScope = (caller: Caller, spaceId: string | null): DeckScope =>
  caller.plan === 'anonymous' ? 'all' : { spaceId };


/** 402 when the scope a new deck goes into already holds as many decks as the plan allows. */
export async function checkDeckCount(
  tx: Tx,
  { decks, limitsOf }: { decks: Pick<DecksRepository, 'countDecks'>; limitsOf: LimitsOf },
  caller: Caller,
  scope: DeckScope,
): Promise<void> {
  const max = limitsOf(caller.plan).decksPerSpace;
  if (max === null) return;
  if ((await decks.countDecks(tx, caller.owner, scope)) >= max) throw limitReached('decksPerSpace', caller.plan, max);
}
