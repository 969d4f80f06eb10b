import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string; etag: string };

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

// The body S3 sends with every error; the SDK maps <Code> to the error's name (NoSuchKey ...).
// HEAD answers carry no body, so the SDK falls back to the status there (NotFound), as with S3.
const xmlError = (
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
) => {
  const fields = Object.entries(extra)
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('');
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'FAKE' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${fields}<RequestId>FAKE</RequestId></Error>`,
  );
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  // The SDK may send aws-chunked bodies (streaming SigV4 or trailing checksums): undo the framing.
  if (
    String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
    req.headers['x-amz-decoded-content-length']
  ) {
    const out: Buffer[] = [];
    let i = 0;
    while (i < raw.length) {
      const lineEnd = raw.indexOf('\r\n', i);
      if (lineEnd < 0) break;
      const size = parseInt(raw.subarray(i, lineEnd).toString('latin1').split(';')[0]!, 16);
      if (!size) break;
      out.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
      i = lineEnd + 2 + size + 2;
    }
    return Buffer.concat(out);
  }
  return raw;
}

/**
 * A local server speaking the subset of the S3 REST API (path-style) that the AWS SDK v3 uses for
 * buckets and objects: CreateBucket, HeadBucket, PutObject, CopyObject, GetObject, HeadObject,
 * DeleteObject.
 * It accepts any SigV4 signature; presigned GET URLs work too.
 */
export async function startFakeS3({ bucket = 'mnemo-test' }: { bucket?: string } = {}) {
  const buckets = new Map<string, Map<string, StoredObject>>([[bucket, new Map()]]);
  let counter = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const [, bucketName = '', ...keyParts] = url.pathname.split('/');
      const key = decodeURIComponent(keyParts.join('/'));
      const objects = buckets.get(bucketName);
      if (!key) {
        if (req.method === 'PUT') {
          // CreateBucket may carry a LocationConstraint body; read it so the connection stays usable.
          await readBody(req);
          buckets.set(bucketName, objects ?? new Map());
          res.writeHead(200, { location: `/${bucketName}` }).end();
          return;
        }
        if (req.method === 'HEAD') {
          res.writeHead(objects ? 200 : 404).end();
          return;
        }
        return xmlError(res, 405, 'MethodNotAllowed', 'Not supported by the fake');
      }
      if (!objects)
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', {
          BucketName: bucketName,
        });
      const copySource = req.headers['x-amz-copy-source'];
      if (req.method === 'PUT' && typeof copySource === 'string') {
        // CopyObject: the source is "<bucket>/<key>", URL-encoded; metadata is copied with it.
        await readBody(req);
        const [fromBucket = '', ...fromKey] = decodeURIComponent(copySource.replace(/^\//, '')).split('/');
        const original = buckets.get(fromBucket)?.get(fromKey.join('/'));
        if (!original)
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', {
            Key: fromKey.join('/'),
          });
        const etag = `"${(++counter).toString(16).padStart(32, '0')}"`;
        objects.set(key, { ...original, etag });
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><ETag>${escapeXml(etag)}</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`,
        );
        return;
      }
      if (req.method === 'PUT') {
        const body = await readBody(req);
        const etag = `"${(++counter).toString(16).padStart(32, '0')}"`;
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          etag,
        });
        res.writeHead(200, { etag }).end();
        return;
      }
      const found = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (!found) {
        if (req.method === 'HEAD') return void res.writeHead(404).end();
        return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
      }
      const headers = {
        'content-type': found.contentType,
        'content-length': String(found.body.length),
        etag: found.etag,
        'last-modified': new Date().toUTCString(),
      };
      if (req.method === 'HEAD') return void res.writeHead(200, headers).end();
      if (req.method === 'GET') return void res.writeHead(200, headers).end(found.body);
      return xmlError(res, 405, 'MethodNotAllowed', 'Not supported by the fake');
    })().catch((e: unknown) => xmlError(res, 500, 'InternalError', String(e)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    /** The objects stored in a bucket (the default one unless named), to assert on in tests. */
    objects: (name = bucket) => buckets.get(name) ?? new Map<string, StoredObject>(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
