import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, SERVICE_PORTS, shuffledPorts } from './ports';

const listenOn = (port: number) =>
  new Promise<() => Promise<void>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve(() => new Promise((done) => server.close(() => done()))),
    );
  });

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range that can be listened on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 30; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(30);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(SERVICE_PORTS.from);
      expect(port).toBeLessThanOrEqual(SERVICE_PORTS.to);
      expect(port).toBeLessThan(32_768);
    }
    const closers = await Promise.all(ports.map(listenOn));
    await Promise.all(closers.map((close) => close()));
  });
});

describe('shuffledPorts', () => {
  it('is every port of the range once, in an order that depends on the draw', () => {
    const range = { from: 100, to: 199 };
    const a = shuffledPorts(range, () => 0.3);
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
    let seed = 7;
    const b = shuffledPorts(range, () => (seed = (seed * 16807) % 2147483647) / 2147483647);
    expect(b).not.toEqual(a);
    expect(shuffledPorts(range, Math.random)[0]).toBeGreaterThanOrEqual(100);
  });
});
