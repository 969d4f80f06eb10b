import { runService } from '@mnemo/service-kit/server';
import { buildApp } from './app';
import { loadEnv } from './env';

const env = loadEnv();
const app = await buildApp(env);
await runService(app, { port: env.BILLING_PORT, host: env.HOST });
