// infra/docker/Dockerfile checked without a Docker engine: its shape, then its steps rehearsed for
// real. The steps that depend on APP live in stage.sh, which the Dockerfile runs; here the same
// script prunes, installs from the pruned lockfile, builds, keeps production dependencies only and
// assembles the runtime tree in a temporary folder, and the assembled app is started and probed
// with the image's own healthcheck.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@mnemo/db/embedded';
import { Redis } from 'ioredis';
import { HEALTH_PORTS } from '../docker/healthcheck.mjs';
import { imageTargets, read, root } from './support';

const dockerfile = read('infra/docker/Dockerfile');
const stageScript = join(root, 'infra/docker/stage.sh');
const healthcheck = join(root, 'infra/docker/healthcheck.mjs');
/** Folder under apps/ and entry of each image target (stage.sh says the same to the Dockerfile). */
const targetDir = (target: string) => (target === 'migrate' ? 'launcher' : target);

const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({
  image: m[1]!,
  name: m[2],
}));
const stageBody = (name: string) => {
  const start = dockerfile.search(new RegExp(`^FROM .* AS ${name}$`, 'm'));
  const next = dockerfile.slice(start + 1).search(/^FROM /m);
  return dockerfile.slice(start, next < 0 ? undefined : start + 1 + next);
};

// pnpm as the test runner was started with it (npx-started pnpm is not on PATH), through a shim so
// stage.sh's own `pnpm` calls find it too.
const shims = mkdtempSync(join(tmpdir(), 'mnemo-infra-bin-'));
{
  const execpath = process.env.npm_execpath ?? '';
  const onPath = spawnSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).stdout.trim();
  const pnpm = /pnpm/.test(execpath)
    ? /\.[cm]?js$/.test(execpath)
      ? `"${process.execPath}" "${execpath}"`
      : `"${execpath}"`
    : onPath
      ? `"${onPath}"`
      : `npx --yes ${JSON.parse(read('package.json')).packageManager}`;
  const shim = join(shims, 'pnpm');
  writeFileSync(shim, `#!/bin/sh\nPATH="${process.env.PATH}"\nexec ${pnpm} "$@"\n`);
  chmodSync(shim, 0o755);
}
/** The build's environment: no settings of the pnpm/turbo run this test itself is part of. */
const buildEnv = (app: string): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(npm_|TURBO_|VITEST|NODE_ENV$)/i.test(k)),
  ),
  APP: app,
  CI: 'true',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  PATH: `${shims}:${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
});

function run(cmd: string, args: string[], options: SpawnSyncOptions) {
  const result = spawnSync(cmd, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result;
}

/** The store the workspace was installed from: the rehearsal installs offline from it. */
let storeDir: string | undefined;
const offline = () => {
  storeDir ??= String(
    run('pnpm', ['store', 'path'], { cwd: root, env: buildEnv('migrate') }).stdout,
  ).trim();
  return ['--offline', `--store-dir=${storeDir}`, '--reporter=append-only'];
};

/**
 * A child process without blocking this one: the embedded Postgres the rehearsed apps talk to runs
 * inside this test process, so a synchronous wait would deadlock it.
 */
function execAsync(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

afterAll(() => rmSync(shims, { recursive: true, force: true }));

describe('infra/docker/Dockerfile', () => {
  it('prunes, installs, builds and assembles in separate stages, and runs as an unprivileged user', () => {
    expect(stages.map((s) => s.name)).toEqual([
      'base',
      'pruner',
      'builder',
      'assembler',
      'runtime',
    ]);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(stages.at(-1)!.image).toBe('${NODE_IMAGE}');
    expect(stageBody('pruner')).toContain('mnemo-stage prune');
    expect(read('infra/docker/stage.sh')).toMatch(/turbo prune \$scopes --docker/);
    // Install from the pruned manifests and lockfile before the sources arrive, so that layer is
    // reused while only sources change.
    const builder = stageBody('builder');
    const order = [
      'COPY --from=pruner /out/json/',
      'pnpm install --frozen-lockfile',
      'COPY --from=pruner /out/full/',
      'mnemo-stage build',
    ];
    expect(order.map((s) => builder.indexOf(s))).toEqual(
      order.map((s) => builder.indexOf(s)).sort((a, b) => a - b),
    );
    expect(order.every((s) => builder.includes(s))).toBe(true);
    expect(stageBody('assembler')).toMatch(/pnpm install --frozen-lockfile --prod/);

    const runtime = stageBody('runtime');
    expect(runtime).toMatch(/^ENV .*NODE_ENV=production/m);
    const user = /^USER\s+(\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(runtime).toMatch(/^HEALTHCHECK .*CMD \["node", "\/app\/healthcheck\.mjs"\]/m);
    expect(runtime).toMatch(/^CMD \["\/app\/start"\]/m);
    // Only the assembled tree reaches the runtime: no sources, no build tools.
    expect(runtime.match(/^COPY --from=(\S+)/gm)).toEqual(['COPY --from=assembler']);
  });

  it('installs the pnpm the workspace names and the turbo its lockfile holds', () => {
    const pnpm = /^ARG PNPM_VERSION=(\S+)$/m.exec(dockerfile)?.[1];
    expect(`pnpm@${pnpm}`).toBe(JSON.parse(read('package.json')).packageManager);
    const turbo = /^ARG TURBO_VERSION=(\S+)$/m.exec(dockerfile)?.[1];
    expect(read('pnpm-lock.yaml')).toContain(`\n  turbo@${turbo}:`);
  });

  it('keeps installed modules, builds, git history and local secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['.git', '**/node_modules', '**/dist', '**/.env', '**/.env.*'])
      expect(ignored).toContain(entry);
  });

  it('knows every app that ships as an image, and refuses any other APP', () => {
    for (const target of imageTargets) {
      const result = spawnSync('sh', [stageScript], {
        env: { ...process.env, APP: target },
        encoding: 'utf8',
      });
      expect(result.stderr, target).toMatch(/^usage:/);
    }
    for (const other of ['web', 'launcher', '']) {
      const result = spawnSync('sh', [stageScript, 'build'], {
        env: { ...process.env, APP: other },
        encoding: 'utf8',
      });
      expect(result.status, other).toBe(64);
      expect(result.stderr, other).toMatch(/APP must be/);
    }
  });

  it('prunes every target to its packages and a lockfile pnpm accepts as frozen', () => {
    for (const target of imageTargets) {
      const out = mkdtempSync(join(tmpdir(), `mnemo-prune-${target}-`));
      try {
        run('sh', [stageScript, 'prune', out], { cwd: root, env: buildEnv(target) });
        expect(existsSync(join(out, 'json/apps', targetDir(target), 'package.json')), target).toBe(
          true,
        );
        if (target === 'gateway')
          expect(existsSync(join(out, 'full/apps/web/index.html'))).toBe(true);
        // What `pnpm install --frozen-lockfile` checks first in the image: the pruned lockfile
        // matches the pruned manifests (no download; the install itself is rehearsed below).
        run(
          'pnpm',
          ['install', '--frozen-lockfile', '--lockfile-only', '--ignore-scripts', ...offline()],
          {
            cwd: join(out, 'json'),
            env: buildEnv(target),
          },
        );
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  });

  it('bundles internal packages and imports only third-party packages the image installs', () => {
    const byName = new Map<string, any>();
    for (const group of ['apps', 'packages']) {
      for (const dir of readdirSync(join(root, group))) {
        const file = join(root, group, dir, 'package.json');
        if (existsSync(file))
          byName.set(
            JSON.parse(readFileSync(file, 'utf8')).name,
            JSON.parse(readFileSync(file, 'utf8')),
          );
      }
    }
    /** Production dependencies of a package and, through workspace links, of its internal packages. */
    const prodDeps = (name: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(name)) return seen;
      seen.add(name);
      const pkg = byName.get(name);
      for (const dep of Object.keys({
        ...pkg?.dependencies,
        ...pkg?.optionalDependencies,
        ...pkg?.peerDependencies,
      })) {
        if (byName.has(dep)) prodDeps(dep, seen);
        else seen.add(dep);
      }
      return seen;
    };
    const builtins = new Set(builtinModules);
    // Module names never hold `$` or spaces: prompt text such as `from "${title}"` is not an import.
    const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*)["']([^"'./$\s][^"'$\s]*)["']/g;
    const problems: string[] = [];
    for (const target of imageTargets) {
      const dir = targetDir(target);
      const dist = join(root, 'apps', dir, 'dist');
      if (!existsSync(dist))
        throw new Error(
          `apps/${dir}/dist is missing: build first (turbo runs this test after the apps' builds)`,
        );
      const allowed = prodDeps(byName.get(`@mnemo/${dir}`) ? `@mnemo/${dir}` : dir);
      for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
        for (const [, spec] of readFileSync(join(dist, file), 'utf8').matchAll(importPattern)) {
          const bare = spec!.replace(/^node:/, '');
          if (spec!.startsWith('node:') || builtins.has(bare) || builtins.has(bare.split('/')[0]!))
            continue;
          const name = bare.startsWith('@')
            ? bare.split('/').slice(0, 2).join('/')
            : bare.split('/')[0]!;
          if (name.startsWith('@mnemo/'))
            problems.push(`${target}: ${file} imports ${spec} instead of bundling it`);
          else if (!allowed.has(name))
            problems.push(
              `${target}: ${file} imports ${name}, not a production dependency of @mnemo/${dir} or its packages`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

// The full rehearsal builds real trees: four targets cover every kind (the web app inside the
// gateway, a Fastify service, the worker, the migration job); INFRA_REHEARSE=all does every one.
const rehearsed =
  process.env.INFRA_REHEARSE === 'all'
    ? imageTargets
    : ['migrate', 'billing', 'ingest-worker', 'gateway'];

describe.sequential('the image steps, rehearsed without an engine', () => {
  let postgres: EmbeddedPostgres;
  const work = mkdtempSync(join(tmpdir(), 'mnemo-image-'));
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const secrets = {
    INTERNAL_SECRET: 'rehearsal-internal-secret-0123',
    JWT_SECRET: 'rehearsal-jwt-secret-0123456789abcdefghij',
  };

  beforeAll(async () => {
    // An empty database: the rehearsed migrate image must create everything.
    postgres = await startEmbeddedPostgres({ maxConnections: 20 });
  });
  const redisPrefix = `mnemo-rehearsal-${process.pid}`;
  afterAll(async () => {
    await postgres?.close();
    rmSync(work, { recursive: true, force: true });
    // The rehearsed worker left its queue and heartbeat keys.
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${redisPrefix}:*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  /** The Dockerfile's pruner, builder and assembler stages for one target; returns the /app tree. */
  function assemble(target: string): string {
    const env = buildEnv(target);
    const out = join(work, target, 'out');
    const repo = join(work, target, 'repo');
    const app = join(work, target, 'app');
    run('sh', [stageScript, 'prune', out], { cwd: root, env });
    cpSync(join(out, 'json'), repo, { recursive: true });
    run('pnpm', ['install', '--frozen-lockfile', ...offline()], {
      cwd: repo,
      env,
    });
    cpSync(join(out, 'full'), repo, { recursive: true });
    run('sh', [stageScript, 'build'], { cwd: repo, env });
    run('pnpm', ['install', '--frozen-lockfile', '--prod', ...offline()], {
      cwd: repo,
      env,
    });
    run('sh', [stageScript, 'assemble', app], { cwd: repo, env });
    rmSync(join(work, target, 'repo'), { recursive: true, force: true });
    return app;
  }

  /** What the runtime stage sets, plus what compose or Kubernetes would provide. */
  const runtimeEnv = (target: string, extra: Record<string, string>): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: tmpdir(),
    NODE_ENV: 'production',
    MNEMO_APP: target,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    // Production needs SMTP or mail turned off (the auth image refuses the dev outbox); there is
    // no SMTP server here.
    MAIL_DISABLED: 'true',
    ...secrets,
    ...extra,
  });

  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  /** Starts the assembled app, waits for the image's healthcheck to pass, checks it, stops it. */
  async function serve(
    app: string,
    target: string,
    extra: Record<string, string>,
    check: (base: string) => Promise<void>,
  ) {
    const port = HEALTH_PORTS[target]!;
    const listen = await freePort();
    const env = runtimeEnv(target, { ...extra, [port.variable]: String(listen) });
    const child = spawn(join(app, 'start'), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      const deadline = Date.now() + 60_000;
      while ((await execAsync(process.execPath, [healthcheck], env)).status !== 0) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`${target} never became healthy:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      await check(`http://127.0.0.1:${listen}`);
    } finally {
      // `start` replaced itself with node (exec), so the app itself gets SIGTERM and shuts down.
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }

  it.runIf(rehearsed.includes('migrate'))(
    'migrate: the image applies every committed migration to an empty database',
    async () => {
      const app = assemble('migrate');
      const result = await execAsync(
        join(app, 'start'),
        [],
        runtimeEnv('migrate', { DATABASE_URL: postgres.url }),
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('migrations applied');
      const journal = JSON.parse(read('packages/db/migrations/meta/_journal.json'));
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0].n).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
    },
  );

  for (const target of rehearsed.filter((t) => t !== 'migrate' && t !== 'gateway')) {
    it(`${target}: the image's app starts, passes its healthcheck, is ready against Postgres and Redis, and stops on SIGTERM`, async () => {
      const app = assemble(target);
      await serve(app, target, { DATABASE_URL: postgres.url }, async (base) => {
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status, await ready.clone().text()).toBe(200);
      });
    });
  }

  it.runIf(rehearsed.includes('gateway'))(
    'gateway: the image serves the built web app and /api, and stops on SIGTERM',
    async () => {
      const app = assemble('gateway');
      const nowhere = 'http://127.0.0.1:9';
      const internalPort = await freePort();
      await serve(
        app,
        'gateway',
        {
          AUTH_URL: nowhere,
          DECK_URL: nowhere,
          CHAT_URL: nowhere,
          BILLING_URL: nowhere,
          INTERNAL_HOST: '127.0.0.1',
          INTERNAL_PORT: String(internalPort),
        },
        async (base) => {
          const page = await fetch(`${base}/library`);
          expect(page.status).toBe(200);
          expect(await page.text()).toBe(
            readFileSync(join(app, 'apps/web/dist/index.html'), 'utf8'),
          );
          // Readiness and metrics on the internal port only; the public one answers 404.
          const internal = `http://127.0.0.1:${internalPort}`;
          expect((await fetch(`${internal}/readyz`)).status).toBe(200);
          expect(await (await fetch(`${internal}/metrics`)).text()).toContain('service="gateway"');
          expect((await fetch(`${base}/readyz`)).status).toBe(404);
          expect((await fetch(`${base}/metrics`)).status).toBe(404);
          // The services are down here: the health report says so instead of failing.
          const health = await fetch(`${base}/api/healthz`);
          const report = (await health.json()) as { services: Record<string, { status: string }> };
          expect(report.services.gateway?.status).toBe('ok');
        },
      );
    },
  );
});
