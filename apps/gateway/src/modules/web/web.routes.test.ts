import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { WEB_CONTENT_SECURITY_POLICY } from '@mnemo/contracts/web-security';
import { webRoutes } from './web.routes';

const html = '<!doctype html><html><head><script type="module" src="/assets/index-Bx7f3kQ2.js"></script></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('mnemo '.repeat(2000))});`;
let dir: string;

/** A built app as Vite and the precompress step leave it. */
function writeDist() {
  dir = mkdtempSync(join(tmpdir(), 'gw-web-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': html, 'assets/index-Bx7f3kQ2.js': script, 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    if (name !== 'favicon.svg') {
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
  }
}

async function build(trustProxy?: string) {
  const app = createService({ name: 'gateway', internalSecret: 'gateway-test-internal-secret-0123', logLevel: 'silent', trustsNoIdentityHeader: true, ...(trustProxy ? { trustProxy } : {}) });
  await app.register(webRoutes, { dir });
  return app;
}

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  writeDist();
  app = await build();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('sends the security headers with every page: CSP without inline script, no framing, no referrer, nosniff', async () => {
    for (const url of ['/', '/deck/abc/summary', '/reset-password?token=secret', '/assets/index-Bx7f3kQ2.js']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(WEB_CONTENT_SECURITY_POLICY);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const csp = WEB_CONTENT_SECURITY_POLICY.split('; ');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.find((d) => d.startsWith('script-src'))).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp.find((d) => d.startsWith('default-src'))).toBe("default-src 'self'");
  });

  it('adds HSTS only when the request came over HTTPS, believing X-Forwarded-Proto from a trusted proxy only', async () => {
    const behindProxy = await build('127.0.0.1');
    const viaHttps = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await behindProxy.inject('/')).headers['strict-transport-security']).toBeUndefined();
    await behindProxy.close();
    // Nobody trusted: a client cannot claim HTTPS.
    expect((await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the precompressed file the client accepts, Brotli first, and the plain file otherwise', async () => {
    const br = await app.inject({ url: '/assets/index-Bx7f3kQ2.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({ url: '/assets/index-Bx7f3kQ2.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-Bx7f3kQ2.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // Deep links get index.html compressed too.
    const page = await app.inject({ url: '/library', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
  });

  it('caches content-hashed assets for a year and has index.html revalidated', async () => {
    const asset = await app.inject({ url: '/assets/index-Bx7f3kQ2.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/deck/abc/summary', '/favicon.svg']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeDefined();
    }
  });

  it('answers /readyz and /metrics with a 404, not the app, on the public port', async () => {
    // As the gateway is built: its readiness and metrics are on the ops server, not this app.
    const gateway = createService({ name: 'gateway', internalSecret: 'gateway-test-internal-secret-0123', logLevel: 'silent', trustsNoIdentityHeader: true, opsEndpoints: 'ops-server' });
    await gateway.register(webRoutes, { dir });
    for (const path of ['/readyz', '/metrics', '/readyz?probe=1']) {
      const res = await gateway.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await gateway.inject('/library')).statusCode).toBe(200);
    await gateway.close();
  });

  it('still answers unknown /api paths with a JSON 404', async () => {
    const res = await app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
