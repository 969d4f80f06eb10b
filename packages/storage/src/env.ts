import { join } from 'node:path';
import { z } from 'zod';
import type { StorageConfig } from './index';

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The storage variables, shared by every process that reads or writes files (the deck service
 * stores uploads, the worker reads them): uploads go to S3 when S3_BUCKET is set, else to local
 * disk in FILES_DIR (default <MNEMO_DATA_DIR>/files). Services extend their env.ts with it.
 */
export const storageEnvSchema = z.object({
  MNEMO_DATA_DIR: z.string().default('./.mnemo'),
  FILES_DIR: optional,
  /** Where the browser downloads local files: the deck service's GET /files/*, through the gateway. */
  FILES_PUBLIC_URL: z.string().default('/api/files'),
  S3_BUCKET: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optional,
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
});
export type StorageEnv = z.infer<typeof storageEnvSchema>;

export function storageConfigFromEnv(env: StorageEnv): StorageConfig {
  if (!env.S3_BUCKET) {
    return { driver: 'local', root: env.FILES_DIR ?? join(env.MNEMO_DATA_DIR, 'files'), publicBaseUrl: env.FILES_PUBLIC_URL };
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' } : {}),
  };
}
