import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertOk,
  checkAddress,
  createSafeFetch,
  httpStatusError,
  parseAllowlistEntry,
  type LookupFn,
  type ResolvedAddress,
} from './safe-fetch';
import { failure, startServer, type TestServer } from './test-support';

/** A lookup that answers from a table and remembers what it was asked. */
function fakeLookup(table: Record<string, string[]>): LookupFn & { asked: string[] } {
  const asked: string[] = [];
  const fn = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const found = table[hostname];
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(fn, { asked });
}

// The site the allow-list lets tests reach, and a second server nobody may reach: it counts
// connections, so "refused" provably means "refused before connecting".
let site: TestServer;
let forbidden: TestServer;

beforeAll(async () => {
  forbidden = await startServer((_req, res) => res.end('internal secrets'), '::');
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/hello') {
      res.setHeader('content-type', 'text/plain');
      res.end(
        `hello ${req.method} ${req.headers['user-agent']?.includes('Mnemo') ? 'mnemo' : '?'}`,
      );
    } else if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(`${req.method} ${body} cookie=${req.headers.cookie ?? ''}`));
    } else if (url.pathname === '/redirect') {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), {
        location: url.searchParams.get('to') ?? '/hello',
      });
      res.end();
    } else if (url.pathname === '/loop') {
      const n = Number(url.searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/loop?n=${n + 1}` });
      res.end();
    } else if (url.pathname === '/big') {
      // No content-length: the cap must stop the stream itself.
      res.setHeader('content-type', 'text/html');
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', write);
        }
        res.end();
      };
      write();
    } else if (url.pathname === '/big-declared') {
      res.writeHead(200, {
        'content-length': String(50 * 1024 * 1024),
        'content-type': 'text/html',
      });
      res.write('<html>');
    } else if (url.pathname === '/gzip-bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
      res.end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
    } else if (url.pathname === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      res.end(gzipSync(Buffer.from('compressed hello')));
    } else if (url.pathname === '/slow') {
      // Never answers: the deadline has to end it.
    } else if (url.pathname.startsWith('/status/')) {
      const status = Number(url.pathname.split('/')[2]);
      res.writeHead(status, status === 429 ? { 'retry-after': '120' } : {});
      res.end(`status ${status}`);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
});

afterAll(async () => {
  await site.close();
  await forbidden.close();
});

const allowSite = () => [`127.0.0.1:${site.port}`];

describe('createSafeFetch: reaching an allowed site', () => {
  it('fetches from an allow-listed host:port and says who it is', async () => {
    const fetch = createSafeFetch({ allowlist: allowSite() });
    const res = await fetch(`${site.base}/hello`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello GET mnemo');
    expect(res.headers.get('content-type')).toBe('text/plain');
  });

  it('follows a relative redirect and reports the final URL', async () => {
    const res = await createSafeFetch({ allowlist: allowSite() })(
      `${site.base}/redirect?to=/hello`,
    );
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${site.base}/hello`);
  });

  it('turns a POST into a GET on 303 and drops the cookie on a cross-origin hop', async () => {
    const fetch = createSafeFetch({ allowlist: [...allowSite(), `localhost:${site.port}`] });
    const sameOrigin = await fetch(`${site.base}/redirect?status=307&to=/echo`, {
      method: 'POST',
      body: 'payload',
      headers: { cookie: 'a=1' },
    });
    expect(sameOrigin.body.toString()).toBe('POST payload cookie=a=1');
    const crossOrigin = await fetch(
      `${site.base}/redirect?status=303&to=http://localhost:${site.port}/echo`,
      {
        method: 'POST',
        body: 'payload',
        headers: { cookie: 'a=1' },
      },
    );
    expect(crossOrigin.body.toString()).toBe('GET  cookie=');
  });

  it('decompresses gzip answers', async () => {
    const res = await createSafeFetch({ allowlist: allowSite() })(`${site.base}/gzip`);
    expect(res.body.toString()).toBe('compressed hello');
  });

  it('returns error statuses for the caller to judge, and classifies them', async () => {
    const fetch = createSafeFetch({ allowlist: allowSite() });
    const notFound = await fetch(`${site.base}/status/404`);
    expect(notFound.status).toBe(404);
    const e404 = await failure(Promise.resolve().then(() => assertOk(notFound)));
    expect([e404.code, e404.reason, e404.transient]).toEqual([
      'EXTRACTION_FAILED',
      'not_found',
      false,
    ]);

    const e503 = await failure(fetch(`${site.base}/status/503`).then(assertOk));
    expect([e503.code, e503.reason, e503.transient]).toEqual([
      'EXTRACTION_FAILED',
      'upstream_unavailable',
      true,
    ]);

    const e429 = await failure(fetch(`${site.base}/status/429`).then(assertOk));
    expect([e429.reason, e429.transient, e429.retryAfterSeconds]).toEqual([
      'rate_limited',
      true,
      120,
    ]);

    const e403 = await failure(fetch(`${site.base}/status/403`).then(assertOk));
    expect([e403.reason, e403.transient]).toEqual(['access_denied', false]);
  });
});

describe('createSafeFetch: SSRF', () => {
  const blockedUrls = () => [
    `http://127.0.0.1:${forbidden.port}/`,
    `http://localhost:${forbidden.port}/`,
    `http://[::1]:${forbidden.port}/`,
    `http://0.0.0.0:${forbidden.port}/`,
    `http://[::ffff:127.0.0.1]:${forbidden.port}/`,
    `http://2130706433:${forbidden.port}/`, // 127.0.0.1 as one number
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
  ];

  it('refuses loopback, private, link-local, CGNAT, unique-local, unspecified and multicast addresses without connecting', async () => {
    const fetch = createSafeFetch({ allowlist: allowSite() });
    for (const url of blockedUrls()) {
      const err = await failure(fetch(url));
      expect([url, err.code, err.reason, err.transient]).toEqual([
        url,
        'SSRF_BLOCKED',
        'blocked_address',
        false,
      ]);
    }
    expect(forbidden.connections()).toBe(0);
  });

  it('refuses credentials in the URL and schemes other than http(s) before any lookup', async () => {
    const lookup = fakeLookup({ 'example.com': ['93.184.215.14'] });
    const fetch = createSafeFetch({ lookup });
    const creds = await failure(fetch('http://user:secret@example.com/'));
    expect([creds.code, creds.reason]).toEqual(['INVALID_URL', 'credentials_in_url']);
    const ftp = await failure(fetch('ftp://example.com/file.pdf'));
    expect([ftp.code, ftp.reason]).toEqual(['INVALID_URL', 'unsupported_scheme']);
    const file = await failure(fetch('file:///etc/passwd'));
    expect(file.reason).toBe('unsupported_scheme');
    const junk = await failure(fetch('not a url'));
    expect([junk.code, junk.reason]).toEqual(['INVALID_URL', 'invalid_url']);
    expect(lookup.asked).toEqual([]);
  });

  it('refuses a host name that resolves to a private address (resolved here, not by the HTTP client)', async () => {
    const lookup = fakeLookup({
      'intranet.example': ['10.0.0.1'],
      'sneaky.example': ['127.0.0.1'],
      'mixed.example': ['93.184.215.14', '192.168.0.10'],
    });
    const fetch = createSafeFetch({ lookup });
    const err = await failure(fetch('http://intranet.example/'));
    expect([err.code, err.reason, err.details]).toEqual([
      'SSRF_BLOCKED',
      'blocked_address',
      {
        reason: 'blocked_address',
        host: 'intranet.example',
        address: '10.0.0.1',
        range: 'private',
      },
    ]);
    expect((await failure(fetch(`http://sneaky.example:${forbidden.port}/`))).reason).toBe(
      'blocked_address',
    );
    // One private address among public ones is enough to refuse.
    expect((await failure(fetch('http://mixed.example/'))).reason).toBe('blocked_address');
    expect(lookup.asked).toEqual(['intranet.example', 'sneaky.example', 'mixed.example']);
    expect(forbidden.connections()).toBe(0);
  });

  it('connects to the address it vetted, not to a fresh DNS answer', async () => {
    // The allowed name resolves to the test site; the HTTP client never resolves it again.
    const lookup = fakeLookup({ 'allowed.test': ['127.0.0.1'] });
    const fetch = createSafeFetch({ lookup, allowlist: [`allowed.test:${site.port}`] });
    const res = await fetch(`http://allowed.test:${site.port}/hello`);
    expect(res.body.toString()).toBe('hello GET mnemo');
    expect(lookup.asked).toEqual(['allowed.test']);
  });

  it('re-checks every redirect: an allowed site cannot bounce the fetch to a blocked address', async () => {
    const fetch = createSafeFetch({ allowlist: allowSite() });
    for (const to of [
      `http://127.0.0.1:${forbidden.port}/`,
      'http://169.254.169.254/latest/meta-data/iam/',
      `http://localhost:${forbidden.port}/`,
    ]) {
      const err = await failure(fetch(`${site.base}/redirect?to=${encodeURIComponent(to)}`));
      expect([to, err.code]).toEqual([to, 'SSRF_BLOCKED']);
    }
    const toFtp = await failure(
      fetch(`${site.base}/redirect?to=${encodeURIComponent('ftp://example.com/')}`),
    );
    expect(toFtp.reason).toBe('unsupported_scheme');
    const toCreds = await failure(
      fetch(`${site.base}/redirect?to=${encodeURIComponent('http://a:b@example.com/')}`),
    );
    expect(toCreds.reason).toBe('credentials_in_url');
    expect(forbidden.connections()).toBe(0);
  });

  it('stops after five redirects', async () => {
    const err = await failure(createSafeFetch({ allowlist: allowSite() })(`${site.base}/loop`));
    expect([err.code, err.reason, err.transient]).toEqual([
      'EXTRACTION_FAILED',
      'too_many_redirects',
      false,
    ]);
  });
});

describe('createSafeFetch: limits', () => {
  it('stops reading a body at the size cap, with or without a declared length, decompressed bytes included', async () => {
    const fetch = createSafeFetch({ allowlist: allowSite(), maxBytes: 256 * 1024 });
    for (const path of ['/big', '/big-declared', '/gzip-bomb']) {
      const err = await failure(fetch(`${site.base}${path}`));
      expect([path, err.code, err.reason, err.transient]).toEqual([
        path,
        'PAYLOAD_TOO_LARGE',
        'too_large',
        false,
      ]);
    }
  });

  it('gives up on a site that does not answer, as a transient failure', async () => {
    const err = await failure(
      createSafeFetch({ allowlist: allowSite(), timeoutMs: 150 })(`${site.base}/slow`),
    );
    expect([err.code, err.reason, err.transient]).toEqual(['EXTRACTION_FAILED', 'timeout', true]);
  });

  it('classifies a refused connection as transient and an unknown host as permanent', async () => {
    const closed = await startServer(() => {});
    const port = closed.port;
    await closed.close();
    const refused = await failure(
      createSafeFetch({ allowlist: [`127.0.0.1:${port}`] })(`http://127.0.0.1:${port}/`),
    );
    expect([refused.reason, refused.transient]).toEqual(['network_error', true]);
    const unknown = await failure(
      createSafeFetch({ lookup: fakeLookup({}) })('https://no-such-host.example/'),
    );
    expect([unknown.reason, unknown.transient]).toEqual(['host_not_found', false]);
  });
});

describe('createSafeFetch: what a failed source tells the learner (issue 18.4)', () => {
  it('names the https address tried and suggests http when an http-only site cannot be reached over https', async () => {
    // The site speaks plain http; the link was given https:// (as a link typed without a scheme is).
    const overTls = await failure(
      createSafeFetch({ allowlist: allowSite() })(`https://127.0.0.1:${site.port}/notes?id=1`),
    );
    expect(overTls.message).toContain(`https://127.0.0.1:${site.port}/notes?id=1`);
    expect(overTls.message).toContain(
      `If the site only works over http, add the link as http://127.0.0.1:${site.port}/notes?id=1`,
    );

    const closed = await startServer(() => {});
    const port = closed.port;
    await closed.close();
    const refused = await failure(
      createSafeFetch({ allowlist: [`127.0.0.1:${port}`] })(`https://127.0.0.1:${port}/`),
    );
    expect(refused.message).toBe(
      `Could not connect to https://127.0.0.1:${port}/. If the site only works over http, add the link as http://127.0.0.1:${port}/`,
    );
    // Over http there is nothing to suggest.
    const plain = await failure(
      createSafeFetch({ allowlist: [`127.0.0.1:${port}`] })(`http://127.0.0.1:${port}/`),
    );
    expect(plain.message).toBe(`Could not connect to http://127.0.0.1:${port}/.`);
  });

  it('never promises a retry: the message is what a failed source shows', async () => {
    const slow = await failure(
      createSafeFetch({ allowlist: allowSite(), timeoutMs: 150 })(`${site.base}/slow`),
    );
    const statuses = [408, 429, 500, 503].map((status) =>
      httpStatusError({ status, headers: new Headers(), url: `${site.base}/page` }),
    );
    for (const err of [slow, ...statuses]) {
      expect(err.message).not.toMatch(/will try again/i);
      expect(err.message).toMatch(/\.$/);
    }
    expect(slow.message).toBe(`${site.base}/slow took too long to answer (0.2 s).`);
  });
});

describe('checkAddress', () => {
  it.each([
    ['93.184.215.14', true, 'unicast'],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true, 'unicast'],
    ['127.0.0.1', false, 'loopback'],
    ['10.0.0.1', false, 'private'],
    ['172.31.255.255', false, 'private'],
    ['192.168.0.1', false, 'private'],
    ['169.254.169.254', false, 'linkLocal'],
    ['100.64.0.1', false, 'carrierGradeNat'],
    ['0.0.0.0', false, 'unspecified'],
    ['255.255.255.255', false, 'broadcast'],
    ['239.1.2.3', false, 'multicast'],
    ['::1', false, 'loopback'],
    ['::', false, 'unspecified'],
    ['fe80::1', false, 'linkLocal'],
    ['fc00::1', false, 'uniqueLocal'],
    ['ff02::1', false, 'multicast'],
    ['::ffff:10.0.0.1', false, 'ipv4Mapped(private)'],
    ['::ffff:8.8.8.8', false, 'ipv4Mapped(unicast)'],
    ['64:ff9b::a00:1', false, 'rfc6052'],
    ['2002:a00:1::', false, '6to4'],
  ])('%s → allowed %s (%s)', (address, allowed, range) => {
    expect(checkAddress(address)).toEqual({ allowed, range });
  });
});

describe('parseAllowlistEntry', () => {
  it('reads host, host:port and IPv6 forms as URL spells them, and refuses junk', () => {
    expect(parseAllowlistEntry('LocalHost')).toEqual({ hostname: 'localhost', port: null });
    expect(parseAllowlistEntry(' 127.0.0.1:8080 ')).toEqual({ hostname: '127.0.0.1', port: 8080 });
    expect(parseAllowlistEntry('[::1]:3000')).toEqual({ hostname: '[::1]', port: 3000 });
    expect(parseAllowlistEntry('::1')).toEqual({ hostname: '[::1]', port: null });
    expect(parseAllowlistEntry('')).toBeNull();
    expect(parseAllowlistEntry('http://x/')).toBeNull();
    expect(parseAllowlistEntry('host:99999')).toBeNull();
  });

  it('allows a listed host on any port when no port is given, and only its port otherwise', async () => {
    const anyPort = createSafeFetch({ allowlist: ['127.0.0.1'] });
    expect((await anyPort(`${site.base}/hello`)).status).toBe(200);
    const otherPort = createSafeFetch({ allowlist: [`127.0.0.1:${forbidden.port}`] });
    expect((await failure(otherPort(`${site.base}/hello`))).code).toBe('SSRF_BLOCKED');
  });
});
