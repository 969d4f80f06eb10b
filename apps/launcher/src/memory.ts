/**
 * Node flags of every child (the services, the gateway and the worker), for the memory of the
 * embedded instance (issue 25: the whole of it idle in at most 800 MB).
 *
 * V8's young generation grows to two 16 MB semi-spaces in a process that allocates as much as a
 * service does at start, and keeps them: ~32 MB of each child's idle memory was nursery, nearly all
 * of it empty (bench/idle-memory.ts prints the breakdown). Capped at 2 MB a semi-space, a request's
 * short-lived objects still die young; the scavenges are more frequent but each is as cheap (its
 * cost follows what survives, not the nursery's size). Measured on serving (bench/serving.ts,
 * bench/README.md) before it was adopted.
 */
export const CHILD_NODE_ARGS: readonly string[] = ['--max-semi-space-size=2'];
