// Generates docs/api/openapi.json from the route table: `pnpm --filter @mnemo/contracts openapi`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ROUTES } from '../src/routes';
import { errorBodySchema } from '../src/errors';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });
const paths: Record<string, Record<string, unknown>> = {};
for (const r of ROUTES) {
  const path = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
  const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const query = r.query ? Object.keys((schema(r.query, 'input') as { properties?: object }).properties ?? {}).map((name) => ({ name, in: 'query', schema: { type: 'string' } })) : [];
  paths[path] ??= {};
  paths[path][r.method.toLowerCase()] = {
    tags: [r.service],
    ...(r.addition ? { description: 'Addition to the spec.' } : {}),
    security: r.auth === 'public' ? [] : r.auth === 'user' ? [{ bearer: [] }] : [{ bearer: [] }, { anonymousSession: [] }],
    parameters: [...params, ...query],
    ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } } } : {}),
    responses: {
      '200': r.stream
        ? { description: 'Server-Sent Events', content: { 'text/event-stream': { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: r.response ? schema(r.response, 'output') : {} } } },
      default: { description: 'Error', content: { 'application/json': { schema: schema(errorBodySchema, 'output') } } },
    },
  };
}
const doc = {
  openapi: '3.1.0',
  info: { title: 'Mnemo API', version: '0.1.0', description: 'Generated from @mnemo/contracts. Do not edit by hand.' },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      anonymousSession: { type: 'apiKey', in: 'header', name: 'X-Anonymous-Session' },
    },
  },
  paths,
};
const out = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/api/openapi.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
process.stdout.write(`wrote ${out} (${Object.keys(paths).length} paths)\n`);
