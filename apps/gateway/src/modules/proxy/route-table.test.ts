import { describe, expect, it } from 'vitest';
import { ROUTES } from '@mnemo/contracts/routes';
import { ROUTE_TABLE } from './proxy.routes';

/** The service the gateway forwards a path to: the longest matching prefix, as find-my-way picks. */
const serviceFor = (path: string) =>
  ROUTE_TABLE.filter(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))
    .sort((a, b) => b[0].length - a[0].length)[0]?.[1];

describe('the gateway route table', () => {
  it('forwards every call of the contracts to the service the contracts name', () => {
    for (const r of ROUTES.filter((r) => r.service !== 'gateway')) {
      expect(serviceFor(`/api${r.path}`), `${r.method} ${r.path}`).toBe(r.service);
    }
  });
});
