import { isIPv6 } from 'node:net';

/** Addresses that mean "every interface": nobody browses to them. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

const bracketed = (host: string) => (isIPv6(host) ? `[${host}]` : host);

/**
 * The addresses of a gateway listening on HOST:PORT. `browser` is what the launcher prints and
 * records (PUBLIC_URL when it is set: the address people are meant to use); `probe` is where the
 * launcher itself checks that the gateway answers, on the same machine.
 */
export function gatewayAddresses({ host, port, publicUrl }: { host: string; port: number; publicUrl?: string }) {
  const trimmed = host.trim();
  const wildcard = WILDCARDS.has(trimmed);
  // "localhost" listens on IPv4 and IPv6 loopback; 127.0.0.1 is one of them on every system.
  const probeHost = wildcard || trimmed === 'localhost' ? '127.0.0.1' : bracketed(trimmed);
  const browserHost = wildcard ? 'localhost' : bracketed(trimmed);
  return {
    browser: publicUrl ? publicUrl.replace(/\/+$/, '') : `http://${browserHost}:${port}`,
    probe: `http://${probeHost}:${port}`,
  };
}

/** Whether only this machine can reach HOST (then a request's own address is safe to link to). */
export function isLoopbackOnly(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
