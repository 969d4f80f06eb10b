import type { EventLoopUtilization } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage, collectGarbageWhenIdle, returnFreedMemory } from './memory';

describe('collectGarbage', () => {
  it('frees what nothing refers to any more, without --expose-gc on the command line', async () => {
    const made = () => new WeakRef(new ArrayBuffer(8 * 1024 * 1024));
    const ref = made();
    // A WeakRef's target is kept until the job that made or read it has ended.
    await tick();
    expect(ref.deref()).toBeDefined();
    await tick();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});

const glibc =
  process.platform === 'linux' &&
  Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);
const residentAnonMb = () => Number(/RssAnon:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

describe('returnFreedMemory', () => {
  it.runIf(glibc)('returns the freed middle of the malloc heap to the system', async () => {
    // 64 MB in blocks of 16 KB (malloc'd by Node, under glibc's mmap threshold), one in eight kept:
    // once the rest is freed, the kept ones pin the heap, so glibc alone returns none of it.
    const blocks = Array.from({ length: 4096 }, () => Buffer.allocUnsafeSlow(16 * 1024).fill(1));
    const kept = blocks.filter((_, i) => i % 8 === 7);
    blocks.length = 0;
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    // Freed blocks stay resident in malloc's heap until trimmed, so this is measured before any is
    // returned. ArrayBuffers' contents are freed by a sweeper thread after the GC, later on a loaded
    // machine (a fixed 200 ms wait failed once at load 20): trimmed again until that is done.
    const before = residentAnonMb();
    let returned = 0;
    for (let i = 0; i < 50 && returned <= 24; i += 1) {
      await sleep(100);
      expect(returnFreedMemory()).toBe(true);
      returned = before - residentAnonMb();
    }
    expect(returned).toBeGreaterThan(24);
    expect(kept.every((b) => b[0] === 1)).toBe(true);
  });
});

describe('collectGarbageWhenIdle', () => {
  /** An event loop whose busy time the test advances; utilization(previous) answers the difference. */
  const fakeLoop = () => {
    let active = 0;
    const utilization = (previous?: EventLoopUtilization): EventLoopUtilization => ({
      idle: 0,
      active: active - (previous?.active ?? 0),
      utilization: 0,
    });
    return { utilization, work: (ms: number) => (active += ms) };
  };

  it('collects once when the thread goes quiet after starting, then only after more work', () => {
    const loop = fakeLoop();
    let collections = 0;
    const idle = collectGarbageWhenIdle({ intervalMs: 10_000, busyMs: 200, quietMs: 20, collect: () => collections++, utilization: loop.utilization });
    try {
      loop.work(500); // still starting: busy
      idle.check();
      expect(collections).toBe(0);
      idle.check(); // the first quiet interval
      expect(collections).toBe(1);
      loop.work(5); // a probe now and then is quiet
      idle.check();
      idle.check();
      expect(collections).toBe(1);
      loop.work(150); // a burst...
      idle.check();
      loop.work(150);
      idle.check();
      expect(collections).toBe(1);
      idle.check(); // ...then quiet
      expect(collections).toBe(2);
      loop.work(100); // less work than a collection is worth
      idle.check();
      idle.check();
      expect(collections).toBe(2);
    } finally {
      idle.stop();
    }
  });

  it('does not count the collection itself as work', () => {
    const loop = fakeLoop();
    let collections = 0;
    const idle = collectGarbageWhenIdle({
      busyMs: 200,
      quietMs: 20,
      collect: () => {
        collections++;
        loop.work(300);
      },
      utilization: loop.utilization,
    });
    try {
      idle.check();
      idle.check();
      idle.check();
      expect(collections).toBe(1);
    } finally {
      idle.stop();
    }
  });
});
