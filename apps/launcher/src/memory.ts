/**
 * Node flags of every child (the services, the gateway and the worker), for the memory of the
 * embedded instance (issue 25: the whole of it idle in at most 800 MB).
 *
 * V8's young generation grows to two 16 MB semi-spaces in a process that allocates as much as a
 * service does at start, and keeps them: ~32 MB of each child's idle memory was nursery, nearly all
 * of it empty (bench/idle-memory.ts prints the breakdown). Capped at 8 MB a semi-space, V8 gives
 * the nursery back once the process is idle again (the gateway: 150 MB resident after a load
 * uncapped and still 20 s later; 139 MB capped at 8 MB, back to 116 MB 20 s later, as capped at 2).
 * The cap was 2 MB, and under load that cost every request: with 50 calls in flight a 2 MB nursery
 * fills before their objects die, so they are copied and promoted, and the gateway spent 4-5x the
 * CPU a proxied call (1,457 against 309 µs at 8 MB and 338 uncapped, 192 against 1,517 req/s;
 * bench/README.md, serving).
 */
export const CHILD_NODE_ARGS: readonly string[] = ['--max-semi-space-size=8'];
