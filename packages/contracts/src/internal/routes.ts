import type { z } from 'zod';
import { progressAccessBodySchema, progressAccessParamsSchema, progressAccessResponseSchema } from '../progress';
import { chatAnonymousUsageSchema, deckAnonymousUsageSchema, internalAnonymousUsageParamsSchema } from './anonymous-usage';
import {
  internalPlanParamsSchema,
  internalPlanResponseSchema,
  internalUsageCheckBodySchema,
  internalUsageCheckResponseSchema,
  internalUsageRecordBodySchema,
  internalUsageRecordResponseSchema,
} from './billing';
import { chatClaimAnonymousResponseSchema, claimAnonymousBodySchema, deckClaimAnonymousResponseSchema } from './claims';

/**
 * The service-to-service calls: the other half of the contracts' route table (routes.ts), kept
 * apart because they are not part of the public API. The gateway forwards no /internal prefix, the
 * OpenAPI document leaves them out, and every one needs the caller's service identity
 * (`requireService`). Two services may answer the same path (the auth service asks both deck and
 * chat to move a guest's things), so a call is named by its service too:
 * `'deck POST /internal/claim-anonymous'`.
 */
export type InternalRouteContract = {
  method: 'GET' | 'POST';
  path: `/internal/${string}`;
  /** The service that answers it. */
  service: 'auth' | 'deck' | 'chat' | 'billing';
  internal: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};

const INTERNAL_TABLE = [
  // Auth → deck and chat: a guest's things move to the account they signed up or in with.
  { method: 'POST', path: '/internal/claim-anonymous', service: 'deck', internal: true,
    body: claimAnonymousBodySchema, response: deckClaimAnonymousResponseSchema },
  { method: 'POST', path: '/internal/claim-anonymous', service: 'chat', internal: true,
    body: claimAnonymousBodySchema, response: chatClaimAnonymousResponseSchema },
  // Auth → deck and chat: what a guest has used, for GET /auth/anonymous-limits/:sessionId.
  { method: 'GET', path: '/internal/anonymous-usage/:anonId', service: 'deck', internal: true,
    params: internalAnonymousUsageParamsSchema, response: deckAnonymousUsageSchema },
  { method: 'GET', path: '/internal/anonymous-usage/:anonId', service: 'chat', internal: true,
    params: internalAnonymousUsageParamsSchema, response: chatAnonymousUsageSchema },
  // Gateway → deck: may this owner watch a source's progress (its owner key has expired)?
  { method: 'POST', path: '/internal/sources/:sourceId/may-watch', service: 'deck', internal: true,
    params: progressAccessParamsSchema, body: progressAccessBodySchema, response: progressAccessResponseSchema },
  // Gateway → billing: the plan it signs into a user's identity. Deck and worker → billing: the
  // monthly processing allowance, checked before and recorded after a source is processed.
  { method: 'GET', path: '/internal/billing/plan/:userId', service: 'billing', internal: true,
    params: internalPlanParamsSchema, response: internalPlanResponseSchema },
  { method: 'POST', path: '/internal/billing/usage/check', service: 'billing', internal: true,
    body: internalUsageCheckBodySchema, response: internalUsageCheckResponseSchema },
  { method: 'POST', path: '/internal/billing/usage/record', service: 'billing', internal: true,
    body: internalUsageRecordBodySchema, response: internalUsageRecordResponseSchema },
] as const satisfies readonly InternalRouteContract[];

/** The internal calls, for iterating. `internalRoute(key)` gives one with its precise schema types. */
export const INTERNAL_ROUTES: readonly InternalRouteContract[] = INTERNAL_TABLE;

export type InternalRoute = (typeof INTERNAL_TABLE)[number];
/** `'deck POST /internal/claim-anonymous'` and so on: one key per service and call. */
export type InternalRouteKey = `${InternalRoute['service']} ${InternalRoute['method']} ${InternalRoute['path']}`;
export type InternalRouteOf<K extends InternalRouteKey> = Extract<
  InternalRoute,
  K extends `${infer S} ${infer M} ${infer P}` ? { service: S; method: M; path: P } : never
>;
/** What the answering service sends back to a caller. */
export type InternalRouteResponse<K extends InternalRouteKey> = z.output<InternalRouteOf<K>['response']>;

const byKey = new Map<string, InternalRouteContract>(INTERNAL_ROUTES.map((r) => [`${r.service} ${r.method} ${r.path}`, r]));

/** An internal call, typed precisely: `internalRoute('billing GET /internal/billing/plan/:userId')`. */
export function internalRoute<K extends InternalRouteKey>(key: K): InternalRouteOf<K> {
  const found = byKey.get(key);
  if (!found) throw new Error(`No internal route ${key}`);
  return found as InternalRouteOf<K>;
}
