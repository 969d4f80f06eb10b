import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

export type ChildSpec = {
  name: string;
  script: string;
  env: Record<string, string>;
  /** Node flags for this child alone (memory limits), before the script. */
  nodeArgs?: readonly string[];
  /** The script's own arguments (host.ts: the services it runs). */
  args?: readonly string[];
};
export type Supervised = { name: string; child: ChildProcess; exited: Promise<number | null> };

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Pino JSON lines become short readable lines; anything else is printed as it came. */
export function formatLine(name: string, line: string, json: boolean): string {
  if (json) return line;
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      time?: string;
      service?: string;
      err?: { message?: string };
    };
    if (typeof entry.msg !== 'string') return `${name.padEnd(8)} ${line}`;
    // A process running several services (host.ts): each line names its service.
    const label = typeof entry.service === 'string' ? entry.service : name;
    const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
    const level = LEVELS[entry.level ?? 30] ?? 'INFO';
    const err = entry.err?.message ? ` (${entry.err.message})` : '';
    return `${time} ${label.padEnd(8)} ${level.padEnd(5)} ${entry.msg}${err}`;
  } catch {
    return `${name.padEnd(8)} ${line}`;
  }
}

/**
 * Relays a child's output in whole lines without looking at them: each chunk is written up to its
 * last newline and the rest is held for the next one, so two children's lines never interleave
 * mid-line. Per-line work (splitting, JSON parsing) cost the launcher a share of the CPU at a few
 * thousand requests a second; this costs one search per chunk.
 */
export function relayWholeLines(input: Readable, write: (chunk: Buffer) => void) {
  let held: Buffer | undefined;
  input.on('data', (chunk: Buffer) => {
    const data = held ? Buffer.concat([held, chunk]) : chunk;
    const end = data.lastIndexOf(0x0a);
    if (end === -1) {
      held = data;
      return;
    }
    held = end === data.length - 1 ? undefined : data.subarray(end + 1);
    write(data.subarray(0, end + 1));
  });
  input.on('end', () => {
    if (held) write(Buffer.concat([held, Buffer.from('\n')]));
    held = undefined;
  });
}

/**
 * Starts a child with its output relayed: as it comes (`json`, for log collectors: each child's
 * lines are already JSON) through `out`, or, for a person at a terminal, each pino line made short
 * and readable through `write`.
 */
export function startChild(
  spec: ChildSpec,
  { json, write, out }: { json: boolean; write: (line: string) => void; out?: (chunk: Buffer) => void },
): Supervised {
  // Each child gets its own process group, so Ctrl-C in a terminal reaches only the launcher, which
  // stops them in order; the IPC channel lets a child notice if the launcher itself dies.
  const child = spawn(process.execPath, ['--enable-source-maps', ...(spec.nodeArgs ?? []), spec.script, ...(spec.args ?? [])], {
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    if (json) relayWholeLines(stream, out ?? ((chunk) => write(chunk.toString().replace(/\n$/, ''))));
    else createInterface({ input: stream }).on('line', (line) => write(formatLine(spec.name, line, json)));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name: spec.name, child, exited };
}

/** SIGTERM, then SIGKILL if the process has not exited within graceMs. */
export async function stopChild(s: Supervised, graceMs = 10_000): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  const timedOut = await Promise.race([s.exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    s.child.kill('SIGKILL');
    await s.exited;
  }
}

/** Polls url until it answers 2xx, the child dies, or the deadline passes. */
export async function waitForHttp(url: string, { deadline, child }: { deadline: number; child?: Supervised }): Promise<void> {
  let last = '';
  while (Date.now() < deadline) {
    if (child && (child.child.exitCode !== null || child.child.signalCode !== null)) {
      throw new Error(`${child.name} exited during start-up (code ${child.child.exitCode ?? child.child.signalCode})`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not become ready: ${last}`);
}
