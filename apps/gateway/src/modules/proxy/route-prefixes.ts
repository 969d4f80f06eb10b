import { SERVICES, type RouteContract } from '@mnemo/contracts/routes';

/** The services the gateway forwards to (the contracts' `gateway` routes it answers itself). */
export type ServiceName = Exclude<RouteContract['service'], 'gateway'>;

/** The leading part of a path before its first parameter or wildcard: `/questions/:id/evaluate` → `/questions`. */
export const staticPrefix = (path: string) => {
  const parts = path.split('/');
  const dynamic = parts.findIndex((p) => p.startsWith(':') || p === '*');
  return (dynamic === -1 ? parts : parts.slice(0, dynamic)).join('/');
};

/** The service a path reaches through `prefixes`: the longest matching prefix, as find-my-way picks. */
export function serviceFor(prefixes: ReadonlyArray<readonly [string, ServiceName]>, path: string): ServiceName | undefined {
  let best: readonly [string, ServiceName] | undefined;
  for (const entry of prefixes) {
    const [prefix] = entry;
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/**
 * The gateway's forwarding table, derived from the contracts' route table (paths without `/api`):
 * a path prefix per service, so adding a call to the contracts is the only step to route it.
 *
 * Each first segment (`/decks`, `/chat`...) goes to the service answering most of the calls under
 * it (a tie goes to the service listed first in SERVICES); a call of another service under that
 * segment gets its own static prefix (`/questions/conversation-prompts` → chat). Everything under a
 * prefix is forwarded, calls the table does not list included (the service answers them 404), as
 * the hand-written table did. Calls the gateway answers itself (`service: 'gateway'`) are left out:
 * their routes are more specific than any prefix. Throws when the table cannot be routed by
 * prefixes (a call of a minority service whose path starts with a parameter), so a route added to
 * the contracts that the gateway would send to the wrong service fails every gateway test at load.
 */
export function routePrefixes(routes: readonly RouteContract[]): Array<readonly [string, ServiceName]> {
  const forwarded = routes.filter((r): r is RouteContract & { service: ServiceName } => r.service !== 'gateway');
  const bySegment = new Map<string, Array<RouteContract & { service: ServiceName }>>();
  for (const r of forwarded) {
    const segment = `/${r.path.split('/')[1] ?? ''}`;
    bySegment.set(segment, [...(bySegment.get(segment) ?? []), r]);
  }
  const table = new Map<string, ServiceName>();
  for (const [segment, calls] of bySegment) {
    const count = (s: ServiceName) => calls.filter((r) => r.service === s).length;
    const candidates = SERVICES.filter((s): s is ServiceName => s !== 'gateway' && count(s) > 0);
    const owner = candidates.reduce((a, b) => (count(b) > count(a) ? b : a));
    table.set(segment, owner);
    for (const r of calls.filter((c) => c.service !== owner)) {
      const prefix = staticPrefix(r.path);
      const taken = table.get(prefix);
      if (prefix === segment || (taken && taken !== r.service)) {
        throw new Error(
          `The gateway cannot route ${r.method} ${r.path} to ${r.service} by prefix: ${taken ?? owner} answers ${prefix}. ` +
            'Give the call a path of its own (a static segment before any parameter).',
        );
      }
      table.set(prefix, r.service);
    }
  }
  const prefixes = [...table].map(([prefix, service]) => [prefix, service] as const);
  for (const r of forwarded) {
    const reached = serviceFor(prefixes, r.path);
    if (reached !== r.service) {
      throw new Error(`The gateway would send ${r.method} ${r.path} to ${reached}, not ${r.service}: give it a path of its own.`);
    }
  }
  return prefixes.map(([prefix, service]) => [`/api${prefix}`, service] as const);
}
