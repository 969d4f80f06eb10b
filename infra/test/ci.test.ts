// The GitHub workflow runs what .ci/run runs here: the README's test command, on Node 20, with real
// Redis and Postgres + pgvector beside it and Debian's Chromium for the browser tests.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { read } from './support';

const workflow = parse(read('.github/workflows/ci.yml'));

describe('.github/workflows/ci.yml', () => {
  const test = workflow.jobs.test;
  const runs = (job: any) => job.steps.map((s: any) => s.run ?? '').join('\n');

  it('runs on every push to main and every pull request', () => {
    expect(workflow.on.push.branches).toContain('main');
    expect(workflow.on).toHaveProperty('pull_request');
  });

  it('runs npm test with CI=true on Node 20 beside Redis 7 and Postgres with pgvector', () => {
    expect(test.container).toMatch(/^node:20-/);
    expect(test.env.CI).toBe('true');
    expect(test.services.redis.image).toBe('redis:7');
    expect(test.services.postgres.image).toBe('pgvector/pgvector:pg16');
    expect(new URL(test.env.REDIS_URL).hostname).toBe('redis');
    expect(new URL(test.env.TEST_DATABASE_URL).hostname).toBe('postgres');
    expect(runs(test)).toMatch(/^npm test$/m);
    expect(read('README.md')).toContain('npm test');
  });

  it('installs Debian’s Chromium and caches the pnpm store', () => {
    expect(runs(test)).toMatch(/apt-get install .*chromium/);
    const cache = test.steps.find((s: any) => String(s.uses).startsWith('actions/cache@'));
    expect(cache.with.path).toContain('pnpm-store');
    expect(cache.with.key).toContain("hashFiles('pnpm-lock.yaml')");
  });

  it('builds every image from the compose file without pushing, and starts the stack', () => {
    const shape = runs(workflow.jobs['production-shape']);
    expect(shape).toContain('docker compose build');
    expect(shape).toContain('/api/healthz');
    expect(shape).not.toMatch(/docker (compose )?push/);
  });
});
