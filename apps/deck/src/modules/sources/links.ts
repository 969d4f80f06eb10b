import { BlockList, isIP } from 'node:net';

/** Address ranges no link may point at: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: whatever IPv4 address it carries
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/**
 * Whether a link plainly names a host that is not on the public internet: a private, loopback or
 * link-local address, localhost, or a name without a dot (an intranet host). Checked when the
 * link is added so the user hears it at once; the worker checks again after resolving the name,
 * since a public name can still resolve to a private address.
 */
export function isPlainlyPrivate(url: string, allowlist: readonly string[] = []): boolean {
  let host: string;
  let parsed: URL;
  try {
    parsed = new URL(url);
    host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return true;
  }
  // SOURCE_FETCH_ALLOWLIST (tests, local development): the worker's fetcher lets these through too.
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  if (
    allowlist.some(
      (entry) => entry.toLowerCase() === host || entry.toLowerCase() === `${host}:${port}`,
    )
  )
    return false;
  // WHATWG URL parsing already turned 2130706433 or 0x7f.1 into 127.0.0.1.
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const family = isIP(bare);
  if (family) return PRIVATE.check(bare, family === 6 ? 'ipv6' : 'ipv4');
  if (!bare.includes('.')) return true;
  return /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(bare);
}
