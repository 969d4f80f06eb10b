/**
 * The embedded database alone (issue 25): the deck list's query (`listOwnedWithContents`, a guest with
 * 3 decks) through node-postgres pools of 10, 10 queries at a time, against PGlite servers started in
 * this process, measured in interleaved rounds with the load average:
 *   - the server with its statement cache off (messages of one read in one PGlite call),
 *   - the server as Mnemo runs it (statement cache on),
 *   - the same with each data file's size read with fstat at every scan (keepFileSizes off, as
 *     before embedded-fs.ts),
 *   - with BENCH_BEFORE_ROOT=<another checkout>, that checkout's startEmbeddedPostgres (e.g. the
 *     pglite-socket server behind the password gate, before packages/db/src/embedded-server.ts).
 *
 * Each database keeps its data in a folder on disk, as Mnemo's does (emscripten's Node file system);
 * the CPU time of this process (client and servers) a list is printed beside lists/s.
 *
 *   pnpm exec tsx bench/embedded-db.ts     BENCH_ROUNDS=3 BENCH_QUERIES=600
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '../packages/db/src/embedded';
import { runMigrations } from '../packages/db/src/migrate';
import { createDb } from '../packages/db/src/client';
import { createDecksRepository } from '../apps/deck/src/modules/decks/decks.repository';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = Number(process.env.BENCH_QUERIES ?? 600);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
type Started = {
  url: string;
  db: { query: (sql: string, params: unknown[]) => Promise<unknown> };
  close: () => Promise<void>;
};

async function target(name: string, pg: Started) {
  await runMigrations(pg.url, { embeddingDimensions: 384 });
  const anonId = randomUUID();
  for (let i = 0; i < 3; i++) {
    await pg.db.query(
      `insert into decks (id, owner_anon_id, title, description) values ($1, $2, $3, '')`,
      [randomUUID(), anonId, `Deck ${i}`],
    );
  }
  const handle = createDb({ url: pg.url, max: 10 });
  const decks = createDecksRepository({ db: handle.db });
  return {
    name,
    list: () => decks.listOwnedWithContents({ anonId }),
    close: async () => {
      await handle.close();
      await pg.close();
    },
  };
}

const password = randomUUID();
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-embedded-'));
  dataDirs.push(dir);
  return dir;
};
const targets = [];
if (process.env.BENCH_BEFORE_ROOT) {
  const root = resolve(process.env.BENCH_BEFORE_ROOT);
  const before = (await import(join(root, 'packages/db/src/embedded.ts'))) as {
    startEmbeddedPostgres: typeof startEmbeddedPostgres;
  };
  targets.push(
    await target(
      `before (${root})`,
      await before.startEmbeddedPostgres({ password, maxConnections: 40, dataDir: dataDir() }),
    ),
  );
}
targets.push(
  await target(
    'statement cache off',
    await startEmbeddedPostgres({
      password,
      maxConnections: 40,
      statementCache: 0,
      dataDir: dataDir(),
    }),
  ),
);
targets.push(
  await target(
    'sizes read with fstat at every scan',
    await startEmbeddedPostgres({
      password,
      maxConnections: 40,
      keepFileSizes: false,
      dataDir: dataDir(),
    }),
  ),
);
targets.push(
  await target(
    'as Mnemo runs it',
    await startEmbeddedPostgres({ password, maxConnections: 40, dataDir: dataDir() }),
  ),
);

console.log(
  `embedded database bench: deck list, ${N} queries × ${ROUNDS} rounds, 10 at a time; load ${load()}`,
);
const rates = new Map<string, number[]>(targets.map((t) => [t.name, []]));
const cpus = new Map<string, number[]>(targets.map((t) => [t.name, []]));
for (let round = 1; round <= ROUNDS; round++) {
  for (const t of targets) {
    for (let i = 0; i < 20; i++) await t.list();
    let started = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (started++ < N) await t.list();
      }),
    );
    const rate = N / ((performance.now() - t0) / 1000);
    const cpu = process.cpuUsage(cpu0);
    const cpuUs = (cpu.user + cpu.system) / N;
    rates.get(t.name)!.push(rate);
    cpus.get(t.name)!.push(cpuUs);
    console.log(
      `  round ${round}  ${t.name.padEnd(40)} ${rate.toFixed(0).padStart(5)} lists/s  CPU ${cpuUs.toFixed(0)} µs a list  load ${load()}`,
    );
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(rates.get(targets[0]!.name)!);
console.log(`medians (load ${load()}):`);
for (const t of targets) {
  const m = median(rates.get(t.name)!);
  console.log(
    `  ${t.name.padEnd(40)} ${m.toFixed(0).padStart(5)} lists/s  ${(m / base).toFixed(2)}× the first  CPU ${median(cpus.get(t.name)!).toFixed(0)} µs a list`,
  );
}
for (const t of targets) await t.close();
for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
