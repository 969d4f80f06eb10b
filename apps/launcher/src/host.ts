import { pathToFileURL } from 'node:url';

/**
 * One Node process running several services (the embedded instance's auth, chat and billing):
 * imports each built service given on the command line, one after another, and each listens on its
 * own port as it would alone (its env.ts reads its own variables from the environment they share).
 *
 * Why (issue 25, idle memory): every Node process holds ~41 MB of node's own binary resident and
 * ~40 MB of the same libraries' heap (Fastify, zod, pino, pg, ioredis, OpenTelemetry); three light
 * services idled in ~290 MB as three processes and in ~120 MB as one (bench/README.md, idle memory).
 * The services keep their own apps, pools, registries and loggers; what they share is the event
 * loop, so a crash restarts the three together (restarts.ts).
 */
for (const script of process.argv.slice(2)) {
  await import(pathToFileURL(script).href);
}
