import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiPath } from './openapi';
import { ROUTES } from './routes';

const doc = buildOpenApiDocument() as {
  paths: Record<
    string,
    Record<string, { operationId: string; 'x-service': string; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, unknown> };
};
const text = JSON.stringify(doc);

describe('the OpenAPI document', () => {
  it('is committed as generated (run `pnpm --filter @mnemo/contracts openapi` after changing a schema)', () => {
    const committed = readFileSync(
      fileURLToPath(new URL('../../../docs/api/openapi.json', import.meta.url)),
      'utf8',
    );
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('has one operation per route, under /api, with its service', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations).toHaveLength(ROUTES.length);
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(ROUTES.length);
    for (const r of ROUTES) {
      const op = doc.paths[`/api${openApiPath(r.path)}`]?.[r.method.toLowerCase()];
      expect(op?.['x-service'], `${r.method} ${r.path}`).toBe(r.service);
    }
  });

  it('resolves every reference and never forbids extra answer fields', () => {
    for (const [, id] of text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) {
      expect(doc.components.schemas[id!], id).toBeDefined();
    }
    expect(text).not.toContain('"additionalProperties":false');
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Deck', 'Source', 'Question', 'Chat', 'ErrorBody']),
    );
  });
});
