import type { z } from 'zod';
import { route, type RouteKey, type RouteOf } from '@mnemo/contracts/routes';
import { internalRoute, type InternalRouteKey, type InternalRouteOf } from '@mnemo/contracts/internal/routes';

type ResponseOf<R> = [R] extends [{ response: infer S extends z.ZodType }] ? S : never;
type StatusOf<R> = [R] extends [{ status: infer S extends 201 | 202 }] ? S : 200;

/**
 * The `response` part of a route's Fastify schema, from the contracts' route table: the answer
 * schema under the call's success status. Fastify then serializes the answer through it (fields the
 * contract does not name are left out; an answer that breaks the contract is a 500, not a silent
 * drift) and the handler's return type is checked against it. Error answers keep their own shape.
 */
export function contractResponse<K extends RouteKey>(key: K): Record<StatusOf<RouteOf<K>>, ResponseOf<RouteOf<K>>> {
  const r = route(key) as { response?: z.ZodType; status?: 201 | 202 };
  if (!r.response) throw new Error(`${key} has no answer schema in the contracts`);
  return { [r.status ?? 200]: r.response } as Record<StatusOf<RouteOf<K>>, ResponseOf<RouteOf<K>>>;
}

// Wrapped in [ ] so a route's type is not distributed over (the table's union is too large for that).
type Part<R, F extends string, As extends string> = [R] extends [{ [P in F]: infer S extends z.ZodType }] ? { [P in As]: S } : unknown;
/** A multipart call's `body` describes the form's fields, which the route reads itself. */
type BodyPart<R> = [R] extends [{ multipart: true }] ? unknown : Part<R, 'body', 'body'>;
type ResponsePart<R> = [R] extends [{ response: z.ZodType }] ? { response: Record<StatusOf<R>, ResponseOf<R>> } : unknown;
type SchemaOf<R> = Part<R, 'params', 'params'> & Part<R, 'query', 'querystring'> & BodyPart<R> & ResponsePart<R>;

export type ContractSchema<K extends RouteKey> = SchemaOf<RouteOf<K>>;
export type InternalContractSchema<K extends InternalRouteKey> = SchemaOf<InternalRouteOf<K>>;

type AnyContract = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: 201 | 202;
  multipart?: true;
  stream?: true;
  file?: true;
};

function schemaOf(r: AnyContract): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  if (r.params) schema.params = r.params;
  if (r.query) schema.querystring = r.query;
  if (r.body && !r.multipart) schema.body = r.body;
  if (r.response && !r.stream && !r.file) schema.response = { [r.status ?? 200]: r.response };
  return schema;
}

/**
 * A route's whole Fastify schema from the contracts' route table: params, query, JSON body and
 * answer. The request is validated with the same schemas a client is typed with, so the two cannot
 * drift; the answer is serialized as `contractResponse` does. Streams and file answers have no
 * JSON answer schema and get only their request parts.
 */
export function contractSchema<K extends RouteKey>(key: K): ContractSchema<K> {
  return schemaOf(route(key) as AnyContract) as ContractSchema<K>;
}

/**
 * The same for a service-to-service call, from the contracts' internal table
 * (`@mnemo/contracts/internal/routes`), named with its service: the caller parses the answer with
 * the schema the answering service serializes it through.
 */
export function internalContractSchema<K extends InternalRouteKey>(key: K): InternalContractSchema<K> {
  return schemaOf(internalRoute(key) as AnyContract) as InternalContractSchema<K>;
}
