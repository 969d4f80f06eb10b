// Writes docs/api/openapi.json from the route table: `pnpm --filter @mnemo/contracts openapi`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/openapi';

export const OPENAPI_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../docs/api/openapi.json',
);

const doc = buildOpenApiDocument();
mkdirSync(dirname(OPENAPI_PATH), { recursive: true });
writeFileSync(OPENAPI_PATH, `${JSON.stringify(doc, null, 2)}\n`);
process.stdout.write(`wrote ${OPENAPI_PATH} (${Object.keys(doc.paths as object).length} paths)\n`);
