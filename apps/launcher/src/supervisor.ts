import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

export type ChildSpec = { name: string; script: string; env: Record<string, string> };
export type Supervised = { name: string; child: ChildProcess; exited: Promise<number | null> };

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Pino JSON lines become short readable lines; anything else is printed as it came. */
export function formatLine(name: string, line: string, json: boolean): string {
  if (json) return line;
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; time?: string; err?: { message?: string } };
    if (typeof entry.msg !== 'string') return `${name.padEnd(8)} ${line}`;
    const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
    const level = LEVELS[entry.level ?? 30] ?? 'INFO';
    const err = entry.err?.message ? ` (${entry.err.message})` : '';
    return `${time} ${name.padEnd(8)} ${level.padEnd(5)} ${entry.msg}${err}`;
  } catch {
    return `${name.padEnd(8)} ${line}`;
  }
}

export function startChild(spec: ChildSpec, { json, write }: { json: boolean; write: (line: string) => void }): Supervised {
  // Each child gets its own process group, so Ctrl-C in a terminal reaches only the launcher, which
  // stops them in order; the IPC channel lets a child notice if the launcher itself dies.
  const child = spawn(process.execPath, ['--enable-source-maps', spec.script], {
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => write(formatLine(spec.name, line, json)));
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
