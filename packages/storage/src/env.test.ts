import { describe, expect, it } from 'vitest';
import { storageConfigFromEnv, storageEnvSchema } from './env';

describe('storage configuration', () => {
  it('is local disk under the data folder when nothing is set', () => {
    expect(storageConfigFromEnv(storageEnvSchema.parse({ MNEMO_DATA_DIR: '/srv/mnemo' }))).toEqual({
      driver: 'local',
      root: '/srv/mnemo/files',
      publicBaseUrl: '/api/files',
    });
  });

  it('is S3 when a bucket is set, with the endpoint and keys given', () => {
    const env = storageEnvSchema.parse({
      S3_BUCKET: 'mnemo',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      FILES_DIR: '',
    });
    expect(storageConfigFromEnv(env)).toEqual({
      driver: 's3',
      bucket: 'mnemo',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });
});
