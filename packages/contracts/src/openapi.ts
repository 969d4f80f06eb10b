import { z } from 'zod';
import * as aiApi from './api/ai';
import * as authApi from './api/auth';
import * as cardsApi from './api/cards';
import * as chatApi from './api/chat';
import * as decksApi from './api/decks';
import * as exchangeApi from './api/exchange';
import * as mobileApi from './api/mobile';
import * as paymentApi from './api/payment';
import * as promptsApi from './api/prompts';
import * as questionsApi from './api/questions';
import * as reviewApi from './api/review';
import * as classesApi from './api/classes';
import * as sourcesApi from './api/sources';
import * as spacesApi from './api/spaces';
import * as uploadApi from './api/upload';
import * as youtubeApi from './api/youtube';
import * as billing from './entities/billing';
import * as card from './entities/card';
import * as chat from './entities/chat';
import * as deck from './entities/deck';
import * as question from './entities/question';
import * as source from './entities/source';
import * as space from './entities/space';
import * as user from './entities/user';
import { ERROR_STATUS, errorBodySchema } from './errors';
import { progressEventSchema } from './progress';
import { ROUTES, type RouteContract } from './routes';

type Json = { [key: string]: unknown };

/**
 * Named object schemas: every exported `xxxSchema` object of the entity and api modules becomes
 * the component `Xxx` where an answer uses it, so the document shows `Deck` once instead of fifty
 * copies. Requests are inlined: they are small and their input shapes differ from the entities.
 */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const modules = [
    user,
    space,
    source,
    deck,
    question,
    card,
    chat,
    billing,
    authApi,
    mobileApi,
    spacesApi,
    decksApi,
    exchangeApi,
    sourcesApi,
    uploadApi,
    aiApi,
    questionsApi,
    reviewApi,
    classesApi,
    cardsApi,
    chatApi,
    promptsApi,
    paymentApi,
    youtubeApi,
  ];
  for (const mod of modules) {
    for (const [key, value] of Object.entries(mod)) {
      if (!key.endsWith('Schema') || !(value instanceof z.ZodObject)) continue;
      if (/(Body|Query|Params|Input)Schema$/.test(key)) continue; // requests: inlined in input form
      const name = key[0]!.toUpperCase() + key.slice(1, -'Schema'.length);
      // One schema exported under several names (deleteDeckResponseSchema = deckResponseSchema): the shortest.
      const known = names.get(value);
      if (!known || name.length < known.length) names.set(value, name);
    }
  }
  names.set(progressEventSchema, 'ProgressEvent');
  names.set(errorBodySchema, 'ErrorBody');
  for (const [event, schema] of Object.entries(chat.chatStreamEventSchemas)) {
    names.set(schema, `ChatStream${event[0]!.toUpperCase()}${event.slice(1)}Event`);
  }
  return names;
}

/** Answers may grow (additions are allowed), so the document never promises "no other fields". */
function open(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(open);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === '$schema' || key === '$id') continue;
    out[key] = open(value);
  }
  return out;
}

const inputSchema = (s: z.ZodType) => open(z.toJSONSchema(s, { io: 'input' })) as Json;

/** The OpenAPI form of a route's path: `:id` is `{id}`, a trailing `*` (a file's key) is `{path}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

const operationId = (r: RouteContract) =>
  r.method.toLowerCase() +
  r.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part === '*' ? 'ByPath' : part.startsWith(':') ? `By${part[1]!.toUpperCase()}${part.slice(2)}` : part))
    .map((part) => part.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

const SECURITY: Record<RouteContract['auth'], Json[]> = {
  public: [],
  user: [{ bearer: [] }],
  session: [{ bearer: [] }, { anonymousSession: [] }],
};

/** The OpenAPI 3.1 document of every call in the route table. */
export function buildOpenApiDocument(): Json {
  const names = namedSchemas();
  const registry = z.registry<{ id: string }>();
  const used = new Set<z.ZodType>([errorBodySchema]);
  for (const r of ROUTES) {
    if (r.response) used.add(r.response);
    for (const s of Object.values(r.events ?? {})) used.add(s);
  }
  // Register every named schema an answer may reach; unused ones are dropped below.
  for (const [schema, id] of names) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const ref = (s: z.ZodType): Json => {
    const id = names.get(s);
    if (!id)
      throw new Error(
        'An answer schema without an exported name; export it as xxxSchema from its api module',
      );
    return { $ref: `#/components/schemas/${id}` };
  };

  // Keep only the components some answer reaches.
  const reachable = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.slice('#/components/schemas/'.length);
        if (!reachable.has(id)) {
          reachable.add(id);
          visit(converted.schemas[id]);
        }
      } else visit(value);
    }
  };
  for (const s of used) visit(ref(s));
  const components = Object.fromEntries(
    [...reachable].sort().map((id) => [id, open(converted.schemas[id])]),
  );

  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const path = `/api${openApiPath(r.path)}`;
    const parameters: Json[] = [];
    const params = r.params ? inputSchema(r.params) : undefined;
    for (const name of [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
      const schema = (params?.properties as Record<string, Json> | undefined)?.[name] ?? {
        type: 'string',
      };
      parameters.push({ name, in: 'path', required: true, schema });
    }
    if (r.file) {
      parameters.push({
        name: 'path',
        in: 'path',
        required: true,
        description: "The file's key, as the download link gives it (it may contain /).",
        schema: { type: 'string', maxLength: 200 },
      });
    }
    if (r.query) {
      const query = inputSchema(r.query);
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries(
        (query.properties as Record<string, Json> | undefined) ?? {},
      )) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    let requestBody: Json | undefined;
    if (r.body) {
      const schema = inputSchema(r.body);
      const required = Array.isArray(schema.required)
        ? schema.required.length > 0
        : !('properties' in schema);
      requestBody = {
        required,
        content: { [r.multipart ? 'multipart/form-data' : 'application/json']: { schema } },
      };
    }
    const notes = [
      r.auth === 'public'
        ? 'Open to anyone.'
        : r.auth === 'user'
          ? 'Needs a signed-in user.'
          : 'Needs a signed-in user or an anonymous session.',
      r.addition ? 'Not in the spec: our addition.' : '',
      r.pathOurs ? 'The spec describes this call without its path: the path is ours.' : '',
    ].filter(Boolean);
    const success = r.download
      ? {
          description: 'A file download (Content-Disposition: attachment, named after the deck), in the format asked for.',
          content: Object.fromEntries(r.download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        }
      : r.file
      ? {
          description: "The file, with its own content type (PDFs inline, other documents as attachments).",
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : r.stream
      ? {
          description: 'Server-Sent Events; x-events maps each event name to the JSON of its data.',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
          'x-events': Object.fromEntries(
            Object.entries(r.events ?? {}).map(([name, s]) => [name, ref(s)]),
          ),
        }
      : {
          description: r.status === 201 ? 'Created' : r.status === 202 ? 'Accepted' : 'OK',
          content: { 'application/json': { schema: r.response ? ref(r.response) : {} } },
        };
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      operationId: operationId(r),
      tags: [r.path.split('/')[1]],
      description: notes.join(' '),
      'x-service': r.service,
      security: SECURITY[r.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        [String(r.status ?? 200)]: success,
        default: {
          description: 'Error: the HTTP status follows the code (x-error-status).',
          content: { 'application/json': { schema: ref(errorBodySchema) } },
        },
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Mnemo API',
      version: '0.2.0',
      description:
        'Generated from @mnemo/contracts (pnpm --filter @mnemo/contracts openapi). Do not edit by hand.',
    },
    servers: [{ url: '/' }],
    'x-error-status': ERROR_STATUS,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        anonymousSession: { type: 'apiKey', in: 'header', name: 'X-Anonymous-Session' },
      },
      schemas: components,
    },
    paths,
  };
}
