import { createOpsServer } from '@mnemo/service-kit';
import { runService } from '@mnemo/service-kit/server';
import { buildApp } from './app';
import { loadEnv } from './env';

const env = loadEnv();
const app = await buildApp(env);
// /metrics and /readyz, for probes and Prometheus, on a port that is never published; closed with the app.
const ops = createOpsServer(app);
await ops.listen({ port: env.INTERNAL_PORT, host: env.INTERNAL_HOST });
await runService(app, { port: env.PORT, host: env.HOST });
