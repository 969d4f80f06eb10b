// The image's HEALTHCHECK: GET /healthz on the port the app listens on. Each app names its port
// variable in its own src/env.ts; the defaults here are those files' defaults (infra/test checks).
// A standalone probe run by Docker, outside every app: it reads the environment directly.
/* eslint-disable no-restricted-properties */
import { pathToFileURL } from 'node:url';

/** @type {Record<string, { variable: string, default: number }>} */
export const HEALTH_PORTS = {
  gateway: { variable: 'PORT', default: 3000 },
  auth: { variable: 'AUTH_PORT', default: 4001 },
  deck: { variable: 'DECK_PORT', default: 4002 },
  chat: { variable: 'CHAT_PORT', default: 4003 },
  billing: { variable: 'BILLING_PORT', default: 4004 },
  'ingest-worker': { variable: 'WORKER_PORT', default: 4005 },
};

async function probe() {
  const app = process.env.MNEMO_APP ?? '';
  // The migration job runs once and serves nothing.
  if (app === 'migrate') return 0;
  const port = HEALTH_PORTS[app];
  if (!port) {
    process.stderr.write(`healthcheck: unknown MNEMO_APP "${app}"\n`);
    return 1;
  }
  const url = `http://127.0.0.1:${process.env[port.variable] || port.default}/healthz`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2500) });
    return res.ok ? 0 : 1;
  } catch {
    return 1;
  }
}

// Run as a script (not when a test imports the table above).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(await probe());
