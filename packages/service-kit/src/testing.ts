import type { Identity } from '@mnemo/contracts/identity';
import { IDENTITY_HEADER } from '@mnemo/contracts/identity';
import { signIdentity } from './identity';

/** The internal secret every service test uses. */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';

/** Headers as the gateway would send them for this caller. */
export const asCaller = (identity: Identity, secret = TEST_INTERNAL_SECRET, origin?: string) => ({
  [IDENTITY_HEADER]: signIdentity(identity, secret, Date.now(), origin),
});

/**
 * A redis-server of the test's own (no persistence) on a free port, which the test may stop and
 * start again on that port: outages are rehearsed on it, never on the machine's shared Redis.
 */
export async function startOwnRedis() {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      proc.stdout?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${seen.slice(-500)}`)));
    });
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

/** Waits until `check` passes, e.g. for a service coming back after an outage (bounded: rethrows). */
export async function eventually(check: () => Promise<void>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
