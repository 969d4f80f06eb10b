import { createRequire } from 'node:module';
import type Koffi from 'koffi';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection of the calling thread, now: for a process (or a worker thread) that has
 * just finished starting or warming up and then idles. What starting leaves (PGlite's initdb and
 * migration buffers in the launcher, the warm-ups' documents and texts in the worker and its PDF
 * threads) is otherwise kept until an allocation triggers a major GC, which an idle process does not
 * make. A second later, glibc hands the pages the GC freed back to the system (returnFreedMemory).
 * Issue 25, idle memory.
 * V8 exposes `gc` only to contexts made once `--expose-gc` is set, hence the new context.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  // V8 frees ArrayBuffers' contents on a helper thread after the GC, so the trim waits a moment.
  if (!trimPending) {
    trimPending = setTimeout(() => {
      trimPending = undefined;
      returnFreedMemory();
    }, TRIM_DELAY_MS);
    trimPending.unref();
  }
}

const TRIM_DELAY_MS = 1_000;
let trimPending: NodeJS.Timeout | undefined;
let mallocTrim: ((pad: number) => number) | null | undefined;

/**
 * Hands the pages glibc's allocator holds free back to the system (`malloc_trim(0)`), after a GC
 * has freed what V8 and Node had allocated with malloc (ArrayBuffers' contents, compilers' zones).
 * glibc returns freed memory by itself only from the top of its heap, so a heap with a few live
 * blocks above a large freed middle keeps all of it resident: the launcher idled with 90 MB of heap
 * of which 14 MB was in use (PGlite's start), the worker and each service with 3-12 MB free
 * (bench/README.md, idle memory, issue 25). Node has no binding for it, hence koffi (an FFI
 * library, its binary from an npm package for the platform), loaded on the first call. Where
 * there is no glibc (macOS, musl) or koffi cannot load, it does nothing. Takes a few milliseconds,
 * and is called only after a GC of a quiet process.
 */
export function returnFreedMemory(): boolean {
  if (mallocTrim === undefined) mallocTrim = loadMallocTrim();
  if (!mallocTrim) return false;
  mallocTrim(0);
  return true;
}

function loadMallocTrim(): ((pad: number) => number) | null {
  if (process.platform !== 'linux') return null;
  try {
    // Required at run time (koffi is native, kept out of the apps' bundles) and only on Linux.
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    return null;
  }
}

export type IdleCollectorOptions = {
  /** How often the event loop's activity is looked at; a quiet period of this long counts as idle. */
  intervalMs?: number;
  /** Activity (event-loop busy time) since the last collection that makes one worth doing. */
  busyMs?: number;
  /** Busy time within one interval up to which that interval still counts as quiet. */
  quietMs?: number;
  collect?: () => void;
  /** The event loop's utilisation since `previous` (perf_hooks' eventLoopUtilization). */
  utilization?: (previous?: EventLoopUtilization) => EventLoopUtilization;
};

export type IdleCollector = {
  /** Looks at the last interval's activity and collects when the thread has gone quiet (the timer's job). */
  check: () => void;
  stop: () => void;
};

/**
 * One full GC each time the thread goes quiet after work: at start (what loading the modules and
 * connecting left) and after each burst of requests or jobs. An idle Node process makes no major GC
 * of its own, so what a start or a burst left stays resident for as long as it idles: each service
 * idled with 12-16 MB more than after one GC (its young generation still at full size, and the
 * start's garbage in the old one), a PDF thread with a document's garbage (bench/README.md, idle
 * memory, issue 25). A GC of a service's heap takes tens of milliseconds, once per quiet period,
 * never while busy. The timer does not keep the process alive.
 */
export function collectGarbageWhenIdle({
  intervalMs = 10_000,
  busyMs = 200,
  quietMs = intervalMs / 50,
  collect = collectGarbage,
  utilization = (previous) => performance.eventLoopUtilization(previous),
}: IdleCollectorOptions = {}): IdleCollector {
  let last = utilization();
  // Starting is work too: what it left is collected at the first quiet interval.
  let busySince = Number.POSITIVE_INFINITY;
  const check = () => {
    const { active } = utilization(last);
    last = utilization();
    if (active > quietMs) {
      busySince += active;
      return;
    }
    if (busySince < busyMs) return;
    collect();
    busySince = 0;
    // The collection's own time is not activity.
    last = utilization();
  };
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
