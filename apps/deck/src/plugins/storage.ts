import fp from 'fastify-plugin';
import { createStorage, type Storage } from '@mnemo/storage';
import { storageConfigFromEnv, type StorageEnv } from '@mnemo/storage/env';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export type StoragePluginOptions = { storage: Storage };

/** Uploaded files: S3 when a bucket is configured, else local disk. Checked by /readyz. */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, { storage }) => {
    app.decorate('storage', storage);
    app.addReadinessCheck({ name: 'storage', check: () => storage.check() });
  },
  { name: 'storage' },
);

/**
 * The deck service's storage. Download links point at FILES_PUBLIC_URL (this service's GET /files/*
 * through the gateway) for S3 too: a link that never expires, and no route needed from the browser
 * to the bucket (MinIO in compose is not reachable from outside).
 */
export const storageFromEnv = (env: StorageEnv): Storage =>
  createStorage({ ...storageConfigFromEnv(env), publicBaseUrl: env.FILES_PUBLIC_URL });
