import { runService } from '@mnemo/service-kit/server';
import { buildWorker } from './build-worker';
import { loadEnv } from './env';

const env = loadEnv();
const app = await buildWorker(env);
// The grace period is just under the pod's 60 s: jobs in hand finish first (build-worker.ts).
await runService(app, { port: env.WORKER_PORT, host: env.HOST, graceMs: 55_000 });
