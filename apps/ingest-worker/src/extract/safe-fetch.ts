import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { ExtractionError } from './errors';

/**
 * Fetching links that users give us without letting them reach inside our network (SSRF).
 *
 * Every hop is vetted the same way: http or https only, no user:password@ in the URL, the host
 * resolved here and every address it resolves to a public unicast one; the request then connects
 * to the address that was vetted (a pinned lookup), so a DNS answer that changes between the check
 * and the connection (rebinding) cannot move it. Redirects are followed by hand, each one vetted
 * again. Bodies are read as a stream and dropped once they pass the size cap, decompressed bytes
 * included, and the whole exchange runs under one deadline.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has; injectable so tests can point names anywhere. */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export type FetchInit = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Override the fetcher's size cap or deadline for one call. */
  maxBytes?: number;
  timeoutMs?: number;
};

/** Any status but a redirect is returned: what a 404 or a 429 means is the caller's business. */
export type FetchedResponse = { url: string; status: number; headers: Headers; body: Buffer };
export type Fetcher = (url: string, init?: FetchInit) => Promise<FetchedResponse>;

export type SafeFetchOptions = {
  /**
   * Hosts (`host` or `host:port`) exempt from the address check, for tests and local development
   * (SOURCE_FETCH_ALLOWLIST). Everything else about a URL is still checked.
   */
  allowlist?: readonly string[];
  lookup?: LookupFn;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
};

export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;
export const DEFAULT_FETCH_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; Mnemo/1.0; study cards from your sources)';

const defaultLookup: LookupFn = async (hostname) => {
  const found: LookupAddress[] = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// ---------------------------------------------------------------------------------------------
// Addresses

/**
 * Whether an address may be fetched, and which range it is in. Only ipaddr.js's "unicast" range
 * passes, which leaves out loopback, private, link-local (the 169.254.169.254 metadata service),
 * carrier-grade NAT, unique-local, unspecified, multicast, broadcast and reserved ranges. IPv4-mapped
 * IPv6 and the IPv6 ranges that embed an IPv4 address (NAT64, 6to4, Teredo) are refused outright:
 * no public site needs them and each could carry a private IPv4 address.
 */
export function checkAddress(address: string): { allowed: boolean; range: string } {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid' };
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range === 'ipv4Mapped') {
    return { allowed: false, range: `ipv4Mapped(${ipaddr.process(address).range()})` };
  }
  return { allowed: range === 'unicast', range };
}

/** An allow-list entry: `host`, `host:port`, `[v6]` or `[v6]:port`; the host as URL spells it. */
type AllowEntry = { hostname: string; port: number | null };

export function parseAllowlistEntry(entry: string): AllowEntry | null {
  const trimmed = entry.trim().toLowerCase();
  if (!trimmed) return null;
  // A bare IPv6 address has several colons and no port.
  const bare =
    !trimmed.startsWith('[') && (trimmed.match(/:/g)?.length ?? 0) > 1 ? `[${trimmed}]` : trimmed;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s]+)(?::(\d{1,5}))?$/.exec(bare);
  if (!match) return null;
  try {
    const hostname = new URL(`http://${match[1]}`).hostname;
    const port = match[2] === undefined ? null : Number(match[2]);
    if (port !== null && (port < 1 || port > 65535)) return null;
    return { hostname, port };
  } catch {
    return null;
  }
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * Parses a link a user gave and refuses what is never fetched, before any DNS or connection:
 * anything but http(s), and credentials in the URL (they would be sent to the host, and they are
 * a common way to disguise where a link goes: https://trusted.com@evil.example/).
 */
export function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ExtractionError('invalid_url', 'This is not a valid link. Check it and try again.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExtractionError('unsupported_scheme', 'Only http and https links can be added.', {
      details: { scheme: url.protocol.replace(/:$/, '') },
    });
  }
  if (url.username || url.password) {
    throw new ExtractionError(
      'credentials_in_url',
      'Links with a user name or password in them are not fetched. Remove the "user:password@" part.',
    );
  }
  if (!url.hostname) throw new ExtractionError('invalid_url', 'This link has no host name.');
  return url;
}

const blocked = (url: URL, address: string, range: string) =>
  new ExtractionError(
    'blocked_address',
    'This link points to a private or local network address, which Mnemo does not fetch.',
    { details: { host: url.hostname, address, range } },
  );

/** Vets one URL and returns the address to connect to. */
async function vet(
  url: URL,
  allow: readonly AllowEntry[],
  lookup: LookupFn,
): Promise<ResolvedAddress> {
  const port = portOf(url);
  const allowed = allow.some(
    (e) => e.hostname === url.hostname && (e.port === null || e.port === port),
  );
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(literal)) {
    addresses = [{ address: literal, family: ipaddr.parse(literal).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(url.hostname);
    } catch (err) {
      throw networkError(err, url);
    }
    if (addresses.length === 0)
      throw networkError(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), url);
  }
  if (!allowed) {
    // Every address, not only the first: a name with one public and one private address could
    // otherwise be steered to the private one by whoever controls its DNS.
    for (const { address } of addresses) {
      const check = checkAddress(address);
      if (!check.allowed) throw blocked(url, address, check.range);
    }
  }
  return addresses[0]!;
}

// ---------------------------------------------------------------------------------------------
// Errors

const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;

/**
 * For an https address that could not be reached: the same address over http, as a suggestion.
 * A link typed without a scheme is given https:// (spec 01 §4.2), so an http-only site fails here;
 * the message names the address tried and the one to try instead (issue 18.4). Empty for http.
 */
function httpHint(url: URL): string {
  if (url.protocol !== 'https:') return '';
  const plain = new URL(url.href);
  plain.protocol = 'http:';
  return ` If the site only works over http, add the link as ${plain.href}`;
}

/**
 * Turns a Node network error into a classified one; a timeout is recognised by its cause. The
 * messages say what happened to which address: they are what the learner reads on a failed
 * source, so they promise no retry (the worker's retries happen before the source is failed).
 */
export function networkError(err: unknown, url: URL, timeoutMs?: number): ExtractionError {
  if (err instanceof ExtractionError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  const code = e?.code ?? '';
  const host = url.hostname;
  if (e?.name === 'AbortError' || code === 'ABORT_ERR' || code === 'ETIMEDOUT') {
    const seconds = timeoutMs ? ` (${Math.round(timeoutMs / 100) / 10} s)` : '';
    return new ExtractionError(
      'timeout',
      `${url.href} took too long to answer${seconds}.${httpHint(url)}`,
      {
        cause: err,
      },
    );
  }
  if (code === 'ENOTFOUND') {
    return new ExtractionError(
      'host_not_found',
      `The site ${host} could not be found. Check the link.`,
      {
        cause: err,
      },
    );
  }
  if (TLS_CODES.test(code)) {
    return new ExtractionError(
      'tls_error',
      `${host} has no valid secure (https) certificate, so ${url.href} was not read.${httpHint(url)}`,
      {
        cause: err,
        details: { errorCode: code },
      },
    );
  }
  return new ExtractionError(
    'network_error',
    `Could not connect to ${url.href}.${httpHint(url)}`,
    {
      cause: err,
      details: { errorCode: code || e?.message },
    },
  );
}

const retryAfter = (headers: Headers) => {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value)
    ? Number(value)
    : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

/**
 * The error for a response that is not a success: 5xx, 429 and 408 are worth retrying, every other
 * status says something about the link itself.
 */
export function httpStatusError(
  response: Pick<FetchedResponse, 'status' | 'headers' | 'url'>,
): ExtractionError {
  const { status } = response;
  const host = (() => {
    try {
      return new URL(response.url).hostname;
    } catch {
      return 'The site';
    }
  })();
  const details = { status, url: response.url };
  if (status === 429) {
    return new ExtractionError(
      'rate_limited',
      `${host} is limiting requests right now (HTTP 429). Try again later.`,
      {
        details,
        retryAfterSeconds: retryAfter(response.headers),
      },
    );
  }
  if (status === 408)
    return new ExtractionError('timeout', `${host} timed out (HTTP 408). Try again later.`, {
      details,
    });
  if (status >= 500) {
    return new ExtractionError(
      'upstream_unavailable',
      `${host} is having trouble (HTTP ${status}). Try again later.`,
      {
        details,
        retryAfterSeconds: retryAfter(response.headers),
      },
    );
  }
  if (status === 404 || status === 410) {
    return new ExtractionError(
      'not_found',
      `The page was not found (HTTP ${status}). Check the link.`,
      { details },
    );
  }
  if (status === 401 || status === 403 || status === 451) {
    return new ExtractionError(
      'access_denied',
      `${host} refused access to this page (HTTP ${status}); it may need a sign-in.`,
      {
        details,
      },
    );
  }
  if (status >= 300 && status < 400) {
    return new ExtractionError(
      'bad_redirect',
      `${host} answered with a redirect that goes nowhere (HTTP ${status}).`,
      { details },
    );
  }
  return new ExtractionError('http_error', `${host} answered with an error (HTTP ${status}).`, {
    details,
  });
}

export function assertOk(response: FetchedResponse): FetchedResponse {
  if (response.status >= 200 && response.status < 300) return response;
  throw httpStatusError(response);
}

const tooLarge = (url: URL, maxBytes: number) =>
  new ExtractionError(
    'too_large',
    `The page at ${url.hostname} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than Mnemo reads from a link.`,
    { details: { maxBytes } },
  );

// ---------------------------------------------------------------------------------------------
// The request

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** A lookup that answers every question with the vetted address (Node asks with and without `all`). */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

function decoderFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function readCapped(res: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      reject(tooLarge(url, maxBytes));
      return;
    }
    const decoder = decoderFor(res.headers['content-encoding']);
    const stream: Readable = decoder ? res.pipe(decoder) : res;
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      res.destroy();
      decoder?.destroy();
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return fail(tooLarge(url, maxBytes));
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', (err) => fail(err));
    if (decoder) res.on('error', (err) => fail(err));
    res.on('aborted', () =>
      fail(Object.assign(new Error('response aborted'), { code: 'ECONNRESET' })),
    );
  });
}

function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  maxBytes: number,
  signal: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: init.method,
      headers: init.headers,
      // A fresh connection per request: a pooled socket would skip the vetting of this hop.
      agent: false,
      lookup: pinnedLookup(pinned),
      signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
        return;
      }
      // The signal destroys the request, which ends the response stream with an error too.
      readCapped(res, url, maxBytes).then(
        (body) => resolve({ status, headers: res.headers, body }),
        reject,
      );
    });
    if (init.body !== undefined) req.setHeader('content-length', Buffer.byteLength(init.body));
    req.end(init.body);
  });
}

/** DNS lookups cannot be cancelled; the deadline still ends the wait for one. */
function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  url: URL,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () =>
      reject(
        networkError(Object.assign(new Error('timeout'), { name: 'AbortError' }), url, timeoutMs),
      );
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A fetch for user-supplied links, safe against SSRF (see the top of this file). Redirects are
 * followed (at most `maxRedirects`), each hop vetted; the returned `url` is the last one.
 */
export function createSafeFetch(options: SafeFetchOptions = {}): Fetcher {
  const allow = (options.allowlist ?? [])
    .map(parseAllowlistEntry)
    .filter((e): e is AllowEntry => e !== null);
  const lookup = options.lookup ?? defaultLookup;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  return async function safeFetch(rawUrl, init = {}) {
    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
    const maxBytes = init.maxBytes ?? options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let url = parseHttpUrl(rawUrl);
    let method = init.method ?? 'GET';
    let body = init.body;
    const headers: Record<string, string> = {
      'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
      ...Object.fromEntries(
        Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    };
    try {
      for (let hop = 0; ; hop++) {
        const pinned = await untilAborted(
          vet(url, allow, lookup),
          controller.signal,
          url,
          timeoutMs,
        );
        let raw: RawResponse;
        try {
          raw = await requestOnce(
            url,
            pinned,
            { method, headers, body },
            maxBytes,
            controller.signal,
          );
        } catch (err) {
          throw networkError(
            controller.signal.aborted
              ? Object.assign(new Error('timeout'), { name: 'AbortError' })
              : err,
            url,
            timeoutMs,
          );
        }
        const location = raw.headers.location;
        if (!REDIRECTS.has(raw.status) || !location) {
          return {
            url: url.href,
            status: raw.status,
            headers: toHeaders(raw.headers),
            body: raw.body,
          };
        }
        if (hop >= maxRedirects) {
          throw new ExtractionError(
            'too_many_redirects',
            `The link redirects more than ${maxRedirects} times.`,
            {
              details: { url: url.href },
            },
          );
        }
        let next: URL;
        try {
          next = parseHttpUrl(new URL(location, url).href);
        } catch (err) {
          if (err instanceof ExtractionError && err.reason !== 'invalid_url') throw err;
          throw new ExtractionError(
            'bad_redirect',
            'The link redirects to an address that is not valid.',
            { cause: err },
          );
        }
        // Credentials and cookies belong to the origin they were given for.
        if (next.origin !== url.origin) delete headers.cookie;
        if (
          raw.status === 303 ||
          ((raw.status === 301 || raw.status === 302) && method === 'POST')
        ) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
      }
    } finally {
      clearTimeout(timer);
    }
  };
}
