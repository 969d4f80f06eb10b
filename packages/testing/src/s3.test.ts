import type { S3ServiceException } from '@aws-sdk/client-s3';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from './s3';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let client: S3Client;
beforeAll(async () => {
  s3 = await startFakeS3();
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as S3ServiceException;
  }
  throw new Error('expected the call to fail');
};

describe('fake S3 through the real AWS SDK', () => {
  it('stores an object, reports its type and length, and forgets it when deleted', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'a/b/c.txt',
        Body: Buffer.from('hello'),
        ContentType: 'text/plain',
      }),
    );
    expect(s3.objects().get('a/b/c.txt')?.body.toString()).toBe('hello');

    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'a/b/c.txt' }));
    expect(head).toMatchObject({ ContentType: 'text/plain', ContentLength: 5 });
    const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'a/b/c.txt' }));
    expect(await got.Body?.transformToString()).toBe('hello');

    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'a/b/c.txt' }));
    expect(s3.objects().has('a/b/c.txt')).toBe(false);
  });

  it('answers NoSuchKey with 404 for a missing object, and NotFound for its HEAD', async () => {
    const get = await failure(
      client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'missing' })),
    );
    expect(get.name).toBe('NoSuchKey');
    expect(get.$metadata.httpStatusCode).toBe(404);
    const head = await failure(
      client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'missing' })),
    );
    expect(head.name).toBe('NotFound');
    expect(head.$metadata.httpStatusCode).toBe(404);
  });

  it('creates buckets and answers NoSuchBucket for objects in one that does not exist', async () => {
    const absent = await failure(client.send(new HeadBucketCommand({ Bucket: 'other' })));
    expect(absent.$metadata.httpStatusCode).toBe(404);
    const put = await failure(
      client.send(new PutObjectCommand({ Bucket: 'other', Key: 'k', Body: 'x' })),
    );
    expect(put.name).toBe('NoSuchBucket');

    await client.send(new CreateBucketCommand({ Bucket: 'other' }));
    await expect(client.send(new HeadBucketCommand({ Bucket: 'other' }))).resolves.toBeDefined();
    await client.send(new PutObjectCommand({ Bucket: 'other', Key: 'k', Body: 'x' }));
    expect(s3.objects('other').get('k')?.body.toString()).toBe('x');
  });
});
