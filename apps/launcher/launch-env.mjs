/**
 * Environment the launcher's own process starts with, set by whatever starts it: scripts/start.mjs
 * (`npm start`), the launcher's system tests, the browser tests' stack and the benches. The launcher
 * passes it on to every child (src/main.ts), so they have it however the launcher was started.
 * glibc reads both settings only when a process starts, hence here and not in the launcher's code.
 * Plain JavaScript: scripts/start.mjs reads it before anything is built.
 *
 * - `MALLOC_MMAP_THRESHOLD_`: glibc serves allocations of 128 KB and more with their own mappings,
 *   which go back to the system when freed. Without it, glibc raises the threshold as large blocks
 *   are freed and keeps them in its heap: the buffers of PGlite's first start (initdb, migrations)
 *   stayed resident in the launcher, a worker's document buffers in the worker.
 * - `MALLOC_ARENA_MAX`: glibc gives threads their own heaps (up to eight per core), each keeping
 *   what it freed; two are enough for processes whose threads are mostly V8's and libuv's.
 *
 * Measured idle on a fresh data folder (bench/README.md, "Idle memory"): the launcher 468 -> 411 MB
 * and the worker 387 -> 341 MB with the first, 4% less in all with the second on top.
 */
export const LAUNCHER_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' });
