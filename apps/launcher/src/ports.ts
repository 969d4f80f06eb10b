import getPort from 'get-port';

/**
 * Where the services' ports are chosen: below every system's ephemeral range (Linux hands out
 * 32768-60999 to outgoing connections, Windows and macOS 49152-65535). The launcher picks all the
 * ports first and the services listen on them seconds later, after the database has started; in
 * between, the services open dozens of outgoing connections (Redis, the database). A port the OS had
 * chosen from the ephemeral range could be taken by one of them: billing failed to start with
 * EADDRINUSE (seen once in bench/idle-memory.ts), and Mnemo with it.
 */
export const SERVICE_PORTS = { from: 20_000, to: 32_767 } as const;

/**
 * The range in a random order, so that two Mnemo instances started together (a bench's before and
 * after, parallel test suites) do not both try the same first port before either listens on it.
 */
export function shuffledPorts(
  range: { from: number; to: number } = SERVICE_PORTS,
  random: () => number = Math.random,
): number[] {
  const ports = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
  for (let i = ports.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ports[i], ports[j]] = [ports[j]!, ports[i]!];
  }
  return ports;
}

/**
 * A port nothing listens on right now, in SERVICE_PORTS. get-port checks that it is free and does
 * not hand the same port out twice in this process while the first taker has not yet listened.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return getPort({ port: shuffledPorts(), host });
}
