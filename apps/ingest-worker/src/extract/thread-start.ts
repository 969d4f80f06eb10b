import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The worker's own thread scripts, each an entry of its own in tsup.config.ts. */
export type ThreadScript = 'pdf-thread' | 'ocr-thread';

// Built, a thread is dist/<name>.js beside the bundle. From source (tsx in development, vitest in
// tests) it is the .ts file beside this one; Node 20 does not pass ESM loaders on to threads, so
// the thread registers tsx's require hook itself and loads the file through it.
const fromSource = import.meta.url.endsWith('.ts');

/** Starts one of the worker's thread scripts with these options (limits, workerData). */
export function startThread(script: ThreadScript, options: WorkerOptions): Worker {
  if (!fromSource) return new Worker(new URL(`./${script}.js`, import.meta.url), options);
  const require = createRequire(import.meta.url);
  const file = fileURLToPath(new URL(`./${script}.ts`, import.meta.url));
  const boot = `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(file)});`;
  return new Worker(boot, { ...options, eval: true });
}
