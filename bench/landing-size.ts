/**
 * The landing page's first-load JavaScript, gzipped (issue 10: under 150 KB). Serves the built web
 * app (apps/web/dist, or the folder given as the first argument) from a small static server, opens
 * / in Debian's Chromium, and adds up every script the browser fetched until the page settled,
 * each gzipped at level 9 (what a production server sends). Prints figures; asserts nothing.
 *
 *   pnpm --filter @mnemo/web build && pnpm bench:landing      (CHROMIUM_PATH to use another browser)
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 150;
const dist = resolve(process.argv[2] ?? 'apps/web/dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.webm': 'video/webm',
  '.webp': 'image/webp',
  '.json': 'application/json',
};

async function fileFor(urlPath: string): Promise<string> {
  const candidate = join(dist, normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ''));
  try {
    if ((await stat(candidate)).isFile()) return candidate;
  } catch {
    // not a file: the single-page app's index answers every route
  }
  return join(dist, 'index.html');
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path.startsWith('/api/')) {
    res.writeHead(503).end();
    return;
  }
  void fileFor(path).then(async (file) => {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  });
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const url = response.url();
    if (url.endsWith('.js')) scripts.set(url, response.body());
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();

  const rows: { name: string; raw: number; gzip: number; br: number }[] = [];
  for (const [url, body] of scripts) {
    const bytes = await body;
    const name = new URL(url).pathname;
    // What the gateway sends a browser that accepts Brotli: the build's precompressed copy.
    const br = await readFile(join(dist, `${name}.br`)).then((b) => b.length, () => bytes.length);
    rows.push({ name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, br });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`Landing page (/) first load, ${rows.length} scripts from ${dist}:`);
  for (const row of rows) {
    console.log(`  ${kb(row.gzip).padStart(7)} KB gz  ${kb(row.raw).padStart(7)} KB  ${row.name}`);
  }
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  const br = rows.reduce((sum, r) => sum + r.br, 0);
  console.log(
    `Total: ${kb(total)} KB gzipped (${kb(raw)} KB raw); budget ${BUDGET_KB} KB: ${
      total / 1024 < BUDGET_KB ? 'within' : 'OVER'
    }`,
  );
  console.log(`Brotli as the gateway sends it (precompressed .br of the build): ${kb(br)} KB`);
  console.log(`load average: ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await browser.close();
  server.close();
}
