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

type Part<K extends RouteKey, F extends string, As extends string> =
  RouteOf<K> extends { [P in F]: infer S extends z.ZodType } ? { [P in As]: S } : unknown;
/** A multipart call's `body` describes the form's fields, which the route reads itself. */
type BodyPart<K extends RouteKey> = RouteOf<K> extends { multipart: true } ? unknown : Part<K, 'body', 'body'>;
type ResponsePart<K extends RouteKey> =
  RouteOf<K> extends { response: z.ZodType } ? { response: Record<StatusOf<K>, ResponseOf<K>> } : unknown;

export type ContractSchema<K extends RouteKey> = Part<K, 'params', 'params'> &
  Part<K, 'query', 'querystring'> &
  BodyPart<K> &
  ResponsePart<K>;

/**
 * A route's whole Fastify schema from the contracts' route table: params, query, JSON body and
 * answer. The request is validated with the same schemas a client is typed with, so the two cannot
 * drift; the answer is serialized as `contractResponse` does. Streams and file answers have no
 * JSON answer schema and get only their request parts.
 */
export function contractSchema<K extends RouteKey>(key: K): ContractSchema<K> {
  const r = route(key) as {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    response?: z.ZodType;
    status?: 201;
    multipart?: true;
    stream?: true;
    file?: true;
  };
  const schema: Record<string, unknown> = {};
  if (r.params) schema.params = r.params;
  if (r.query) schema.querystring = r.query;
  if (r.body && !r.multipart) schema.body = r.body;
  if (r.response && !r.stream && !r.file) schema.response = { [r.status ?? 200]: r.response };
  return schema as ContractSchema<K>;
}
