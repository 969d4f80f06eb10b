import type { z } from 'zod';
import { route, type RouteKey, type RouteOf } from '@mnemo/contracts/routes';

type ResponseOf<K extends RouteKey> = RouteOf<K> extends { response: infer S extends z.ZodType } ? S : never;
type StatusOf<K extends RouteKey> = RouteOf<K> extends { status: 201 } ? 201 : 200;

/**
 * The `response` part of a route's Fastify schema, from the contracts' route table: the answer
 * schema under the call's success status. Fastify then serializes the answer through it (fields the
 * contract does not name are left out; an answer that breaks the contract is a 500, not a silent
 * drift) and the handler's return type is checked against it. Error answers keep their own shape.
 */
export function contractResponse<K extends RouteKey>(key: K): Record<StatusOf<K>, ResponseOf<K>> {
  const r = route(key) as { response?: z.ZodType; status?: 201 };
  if (!r.response) throw new Error(`${key} has no answer schema in the contracts`);
  return { [r.status ?? 200]: r.response } as Record<StatusOf<K>, ResponseOf<K>>;
}
