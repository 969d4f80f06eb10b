import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection of the calling thread, now: for a process (or a worker thread) that has
 * just finished starting or warming up and then idles. What starting leaves (PGlite's initdb and
 * migration buffers in the launcher, the warm-ups' documents and texts in the worker and its PDF
 * threads) is otherwise kept until an allocation triggers a major GC, which an idle process does not
 * make; glibc then returns what was freed (apps/launcher/launch-env.mjs). Issue 25, idle memory.
 * V8 exposes `gc` only to contexts made once `--expose-gc` is set, hence the new context.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
