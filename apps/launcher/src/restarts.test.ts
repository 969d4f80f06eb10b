import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { keepRunning, type RestartPolicy } from './restarts';
import { startChild, type Supervised } from './supervisor';

// Real child processes, started the way the launcher starts its services.
const dir = mkdtempSync(join(tmpdir(), 'mnemo-restarts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = (name: string, body: string) => {
  const file = join(dir, name);
  writeFileSync(file, body);
  return file;
};
const steady = script('steady.mjs', 'setInterval(() => {}, 1000);\n');
const crashing = script('crashing.mjs', 'process.exit(3);\n');

const quick: RestartPolicy = { maxRestarts: 3, windowMs: 60_000, firstDelayMs: 100, maxDelayMs: 400 };
const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function run(file: string, policy: RestartPolicy, now?: () => number, isUp?: () => boolean) {
  const started: Supervised[] = [];
  const lines: string[] = [];
  const onGiveUp = vi.fn();
  const handle = keepRunning(
    { name: 'worker', script: file, env: { PATH: process.env.PATH ?? '' } },
    {
      start: (spec) => startChild(spec, { json: true, write: (l) => lines.push(l) }),
      policy,
      log: (l) => lines.push(l),
      onStart: (child) => started.push(child),
      onGiveUp,
      ...(now ? { now } : {}),
      ...(isUp ? { isUp } : {}),
    },
  );
  return { handle, started, lines, onGiveUp };
}

describe('a supervised child', () => {
  it('killed with kill -9, is started again after a delay, the reason logged; stopped, it stays stopped', async () => {
    const { handle, started, lines, onGiveUp } = run(steady, quick);
    const first = started[0]!.child.pid;
    expect(alive(first)).toBe(true);

    process.kill(first!, 'SIGKILL');
    await until(() => started.length === 2, 'a restart');
    const second = handle.current().child.pid;
    expect(second).not.toBe(first);
    expect(alive(second)).toBe(true);
    expect(lines).toContain(
      'worker exited unexpectedly (killed by SIGKILL); restarting it in 0.1 s (crash 1 of at most 3 within 60 s)',
    );

    // Twice more: the delay doubles.
    process.kill(second!, 'SIGKILL');
    await until(() => started.length === 3, 'a second restart');
    expect(lines.at(-1)).toMatch(/restarting it in 0\.2 s \(crash 2 of at most 3/);

    await handle.stop();
    expect(alive(handle.current().child.pid)).toBe(false);
    await sleep(300);
    expect(started).toHaveLength(3);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('that keeps crashing is given up after the policy’s restarts, with the reason', async () => {
    const { started, onGiveUp } = run(crashing, quick);
    await until(() => onGiveUp.mock.calls.length === 1, 'giving up');
    // The first start and three restarts; nothing after giving up.
    expect(started).toHaveLength(4);
    await sleep(400);
    expect(started).toHaveLength(4);
    expect((onGiveUp.mock.calls[0]![0] as Error).message).toBe(
      'worker exited unexpectedly (exit code 3), its 4th crash within 60 s; not restarting it',
    );
  });

  it('whose crashes are further apart than the window is restarted every time', async () => {
    // Each crash is seen a window after the one before, so none counts towards giving up.
    let clock = 0;
    const { handle, started, onGiveUp, lines } = run(crashing, quick, () => (clock += quick.windowMs));
    await until(() => started.length >= 6, 'six starts');
    await handle.stop();
    expect(onGiveUp).not.toHaveBeenCalled();
    expect(lines.filter((l) => l.includes('(crash 1 of at most 3'))).toHaveLength(lines.length);
  });

  it('that exits before it is up is given up at once, without promising a restart', async () => {
    const { started, onGiveUp, lines } = run(crashing, quick, undefined, () => false);
    await until(() => onGiveUp.mock.calls.length === 1, 'giving up');
    await sleep(300);
    expect(started).toHaveLength(1);
    expect((onGiveUp.mock.calls[0]![0] as Error).message).toBe('worker exited while starting (exit code 3)');
    expect(lines.some((l) => l.includes('restarting'))).toBe(false);
  });
});
