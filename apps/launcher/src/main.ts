import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { runMigrations } from '@mnemo/db/migrate';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@mnemo/db/embedded';
import { analyzeStaleTables } from '@mnemo/db/analyze';
import { inheritedEnv, loadEnv } from './env';
import { freePort } from './ports';
import { gatewayAddresses, isLoopbackOnly } from './address';
import { ensureRedis, redactUrl, RedisUnavailableError } from './redis';
import { loadSecrets } from './secrets';
import { acquireRunFile } from './lock';
import { keepRunning, type Restarting } from './restarts';
import { startChild, waitForHttp, type ChildSpec } from './supervisor';
import { collectGarbage, collectGarbageWhenIdle } from '@mnemo/service-kit/memory';
import { CHILD_NODE_ARGS } from './memory';
import { LAUNCHER_ENV } from '../launch-env.mjs';

const env = loadEnv();
/**
 * How often the deck service gathers the embedded tables' statistics (autovacuum's naptime is one
 * minute; five are plenty for tables that pass the threshold after hundreds of changed rows).
 */
const TABLE_STATISTICS_INTERVAL_MS = 300_000;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = resolve(env.MNEMO_DATA_DIR);
const json = !process.stdout.isTTY;
const say = (line: string) => process.stdout.write(`${line}\n`);

mkdirSync(dataDir, { recursive: true });
const run = acquireRunFile(dataDir);
const children: Restarting[] = [];
let postgres: { close: () => Promise<void> } | undefined;
let redisChild: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  say('Stopping Mnemo...');
  // The gateway first so no new work arrives, then the services and the worker together.
  const gateway = children.find((c) => c.name === 'gateway');
  if (gateway) await gateway.stop();
  await Promise.all(children.filter((c) => c !== gateway).map((c) => c.stop()));
  await postgres?.close().catch((e: unknown) => say(`embedded Postgres did not close cleanly: ${String(e)}`));
  if (redisChild && redisChild.exitCode === null) {
    redisChild.kill('SIGTERM');
    await new Promise((r) => redisChild?.once('exit', r));
  }
  run.release();
  say('Mnemo stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  const secrets = loadSecrets(dataDir, env);
  const deadline = Date.now() + env.STARTUP_TIMEOUT_SECONDS * 1000;

  let databaseUrl = env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  if (!databaseUrl) {
    say(`Starting embedded Postgres (PGlite + pgvector) in ${join(dataDir, 'pg')}`);
    // Five services and the worker hold pools of up to 10 connections each; the socket server refuses
    // connections past its limit rather than queueing them.
    // Every child connects with the URL it returns, which carries the generated password.
    const pg = await startEmbeddedPostgres({
      dataDir: join(dataDir, 'pg'),
      port: await freePort(),
      maxConnections: 100,
      password: secrets.DATABASE_PASSWORD,
      sharedBuffersMb: env.EMBEDDED_SHARED_BUFFERS_MB,
    });
    postgres = embedded = pg;
    databaseUrl = pg.url;
    run.record('postgres', undefined, pg.port);
  }
  say('Applying database migrations');
  const { embeddingsReset } = await runMigrations(databaseUrl, { embeddingDimensions: env.EMBEDDING_DIMENSIONS });
  if (embeddingsReset) {
    say(
      `Embedding size changed from ${embeddingsReset.from} to ${embeddingsReset.to}: ${embeddingsReset.cleared} chunks will be re-embedded`,
    );
  }
  // PGlite runs no autovacuum, so nothing else ever gathers the embedded tables' statistics: without
  // them the planner guesses table sizes (bitmap heap scans where an index scan is cheaper). Done at
  // each start, while Redis starts and before any service connects, for the tables autovacuum would
  // analyze (@mnemo/db/analyze). Statistics only speed queries up: a failure is reported, not fatal.
  const analyzing = embedded
    ? analyzeStaleTables(embedded.db).then(
        (tables) => tables.length > 0 && say(`Gathered statistics of ${tables.length} tables`),
        (error: unknown) => say(`Could not gather table statistics (queries still work): ${String(error)}`),
      )
    : undefined;

  const redis = await ensureRedis({ url: env.REDIS_URL, dataDir });
  redisChild = redis.child;
  if (redisChild) run.record('redis-server', redisChild.pid);
  if (redisChild) redisChild.once('exit', () => !stopping && void fail(new Error('redis-server exited')));
  say(`Redis: ${redactUrl(redis.url)}${redisChild ? ' (started for this copy)' : ''}`);
  await analyzing;

  // Two copies sharing one Redis never see each other's queues or events.
  const prefix = env.REDIS_PREFIX ?? `mnemo-${createHash('sha256').update(dataDir).digest('hex').slice(0, 10)}`;
  run.setPrefix(prefix);
  const mailOutbox = env.SMTP_HOST || env.MAIL_DISABLED ? undefined : join(dataDir, 'mail');
  const ports = {
    auth: await freePort(),
    deck: await freePort(),
    chat: await freePort(),
    billing: await freePort(),
    worker: await freePort(),
    // The gateway's /metrics and /readyz: loopback only, whatever HOST the public port has.
    gatewayInternal: await freePort(),
  };
  const url = (port: number) => `http://127.0.0.1:${port}`;
  // The children inherit PUBLIC_URL when it is set; unset, links follow each request's address.
  const gatewayUrl = gatewayAddresses({ host: env.HOST, port: env.PORT, publicUrl: env.PUBLIC_URL });
  const common: Record<string, string> = {
    ...inheritedEnv(),
    // Every child gets the launcher's memory settings, however the launcher itself was started.
    ...LAUNCHER_ENV,
    NODE_ENV: env.NODE_ENV,
    LOG_LEVEL: env.LOG_LEVEL,
    HOST: '127.0.0.1',
    MNEMO_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    INTERNAL_SECRET: secrets.INTERNAL_SECRET,
    JWT_SECRET: secrets.JWT_SECRET,
    ...(mailOutbox ? { MAIL_OUTBOX_DIR: mailOutbox } : {}),
  };
  const script = (app: string, file = 'server.js') => {
    const path = join(root, 'apps', app, 'dist', file);
    if (!existsSync(path)) throw new Error(`${path} is missing: build first (npm start does it for you).`);
    return path;
  };

  const nodeArgs = CHILD_NODE_ARGS;
  // Auth, chat and billing run in one process (host.ts says why); each still listens on its own
  // port with its own variables, which do not collide, so they share one environment.
  const sharedServices = ['auth', 'chat', 'billing'] as const;
  const services = [
    {
      name: sharedServices.join('+'),
      script: script('launcher', 'host.js'),
      args: sharedServices.map((name) => script(name)),
      nodeArgs,
      env: {
        ...common,
        AUTH_PORT: String(ports.auth),
        DECK_URL: url(ports.deck),
        CHAT_URL: url(ports.chat),
        CHAT_PORT: String(ports.chat),
        BILLING_PORT: String(ports.billing),
      },
      serves: sharedServices.map((name) => [name, ports[name]] as const),
    },
    // The deck service and the worker ask billing for the monthly allowance and report usage.
    {
      name: 'deck',
      script: script('deck'),
      nodeArgs,
      env: {
        ...common,
        DECK_PORT: String(ports.deck),
        BILLING_URL: url(ports.billing),
        // The embedded database has no autovacuum: the deck service gathers the statistics of the
        // tables that changed since, every few minutes, as the ANALYZE above did at start.
        ...(embedded ? { TABLE_STATISTICS_INTERVAL_MS: String(TABLE_STATISTICS_INTERVAL_MS) } : {}),
      },
      serves: [['deck', ports.deck] as const],
    },
    {
      name: 'worker',
      script: script('ingest-worker', 'worker.js'),
      nodeArgs,
      env: { ...common, WORKER_PORT: String(ports.worker), BILLING_URL: url(ports.billing) },
      serves: [['worker', ports.worker] as const],
    },
  ];

  // A child that crashes once it is up is restarted (restarts.ts); one that fails to start, or
  // keeps crashing, stops Mnemo with the reason.
  // Until every child has answered, a crash is a start-up failure: Mnemo stops with its reason
  // rather than logging a restart it will not make.
  let up = false;
  // The run file names every service with its process and port, several of them one process.
  const supervise = (spec: ChildSpec, recorded: ReadonlyArray<readonly [name: string, port: number]>) =>
    keepRunning(spec, {
      isUp: () => up,
      start: (s) => startChild(s, { json, write: say, out: (chunk) => process.stdout.write(chunk) }),
      log: say,
      onStart: (child) => recorded.forEach(([name, port]) => run.record(name, child.child.pid, port)),
      onGiveUp: (error) => void fail(error),
    });
  const supervised = services.map((spec) => supervise(spec, spec.serves));
  children.push(...supervised);
  await Promise.all(
    services.flatMap((s, i) =>
      s.serves.map(([, port]) => waitForHttp(`${url(port)}/readyz`, { deadline, child: supervised[i]!.current() })),
    ),
  );

  const webDist = join(root, 'apps', 'web', 'dist');
  const gatewaySpec = {
    name: 'gateway',
    script: script('gateway'),
    nodeArgs,
    env: {
      ...common,
      HOST: env.HOST,
      PORT: String(env.PORT),
      INTERNAL_HOST: '127.0.0.1',
      INTERNAL_PORT: String(ports.gatewayInternal),
      AUTH_URL: url(ports.auth),
      DECK_URL: url(ports.deck),
      CHAT_URL: url(ports.chat),
      BILLING_URL: url(ports.billing),
      WEB_DIST_DIR: webDist,
    },
  };
  const gateway = supervise(gatewaySpec, [['gateway', env.PORT]]);
  children.push(gateway);

  await waitForHttp(`${gatewayUrl.probe}/api/healthz`, { deadline, child: gateway.current() });
  up = true;
  run.setUrl(gatewayUrl.browser);
  if (!env.PUBLIC_URL && !isLoopbackOnly(env.HOST)) {
    say(`Links in mails follow the address each request names: set PUBLIC_URL when others can reach HOST=${env.HOST}.`);
  }
  say(`\nMnemo is running at ${gatewayUrl.browser}  (Ctrl-C to stop)\n`);
  // What the start left (on a fresh data folder: initdb's and the migrations' buffers in PGlite,
  // ~40 MB, and ~75 MB of glibc's heap freed around a few live blocks) is garbage an idle launcher
  // would keep until a major GC: it goes now, since PGlite's start is over, and what a burst of
  // queries leaves goes each time the launcher goes quiet (issue 25, idle memory). Waiting for the
  // first quiet interval alone kept it 20 s after ready on a loaded machine.
  collectGarbage();
  collectGarbageWhenIdle();
}

async function fail(error: unknown) {
  if (stopping) return;
  say(error instanceof RedisUnavailableError ? error.message : `Mnemo could not run: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}

main().catch(fail);
