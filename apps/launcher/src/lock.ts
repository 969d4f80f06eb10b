import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * One running copy per data folder (PGlite's files belong to one process). The file also lists the
 * children's pids, which lets a test prove nothing is left behind after shutdown.
 */
export function acquireRunFile(dataDir: string) {
  const file = join(dataDir, 'run.json');
  if (existsSync(file)) {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as { pid?: number };
    if (previous.pid && previous.pid !== process.pid && alive(previous.pid)) {
      throw new Error(`Mnemo is already running with this data folder (pid ${previous.pid}). Use another MNEMO_DATA_DIR.`);
    }
  }
  const state: {
    pid: number;
    url?: string;
    redisPrefix?: string;
    children: Record<string, { pid?: number; port?: number }>;
  } = { pid: process.pid, children: {} };
  // Written beside and renamed over: the file is rewritten as children start and restart, and a
  // reader (a test, the next launcher's check above) must never find it half written.
  const save = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  save();
  return {
    record(name: string, pid: number | undefined, port?: number) {
      state.children[name] = { pid, port };
      save();
    },
    setPrefix(prefix: string) {
      state.redisPrefix = prefix;
      save();
    },
    setUrl(url: string) {
      state.url = url;
      save();
    },
    release() {
      rmSync(file, { force: true });
    },
  };
}
