import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from './ports';

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export class RedisUnavailableError extends Error {}

/**
 * Redis is always real (BullMQ needs it). Use REDIS_URL, else a local server on 6379; when nothing
 * answers and redis-server is installed, start one with its data in the Mnemo data folder.
 */
export async function ensureRedis({ url, dataDir }: { url: string | undefined; dataDir: string }): Promise<{
  url: string;
  child?: ChildProcess;
}> {
  const candidate = url ?? 'redis://127.0.0.1:6379';
  if (await answers(candidate)) return { url: candidate };
  if (url) throw new RedisUnavailableError(`Redis at REDIS_URL (${redactUrl(url)}) does not answer.`);

  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new RedisUnavailableError(
      [
        'Mnemo needs Redis and none answers on 127.0.0.1:6379.',
        'Either start one (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis && brew services start redis;',
        'Docker: docker run -p 6379:6379 redis:7), or set REDIS_URL to a running server, then run npm start again.',
      ].join('\n'),
    );
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  const started = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await answers(started)) return { url: started, child };
    if (child.exitCode !== null) break;
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new RedisUnavailableError('redis-server was found but did not start.');
}

export const redactUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, '//***@');
