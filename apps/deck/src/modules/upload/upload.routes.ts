import multipart from '@fastify/multipart';
import { UPLOAD_FIELD } from '@mnemo/contracts/api/upload';
import { AppError, contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import { StorageError, type Storage } from '@mnemo/storage';
import { maxUploadBytes, type UploadService } from './upload.service';

/**
 * POST /upload/document (multipart, one field `file`) and GET /files/*, where stored files are downloaded.
 * Multipart parsing is registered in this scope only; every other route keeps its JSON body limit.
 */
export const uploadRoutes: RoutesPlugin<{ service: UploadService; storage: Pick<Storage, 'get'> }> = async (
  app,
  { service, storage },
) => {
  await app.register(multipart, {
    // Per-request limits are set below from the caller's plan; these bound everything else.
    limits: { files: 1, fields: 10, parts: 12, fieldSize: 10_000, headerPairs: 100 },
  });

  app.post('/upload/document', { schema: contractSchema('POST /upload/document') }, async (request, reply) => {
    const owner = requireOwner(request);
    const plan = request.identity.kind === 'user' ? request.identity.plan : 'anonymous';
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the document as multipart/form-data in a field named "${UPLOAD_FIELD}"`);
    }
    // One byte over the plan's limit reaches the guard, which then refuses the file as too large
    // (busboy would otherwise cut it silently at the limit).
    const part = await request.file({ limits: { fileSize: maxUploadBytes(plan) + 1 } });
    if (!part || part.fieldname !== UPLOAD_FIELD) {
      part?.file.resume();
      throw new AppError('BAD_REQUEST', `No file was uploaded: send it in a field named "${UPLOAD_FIELD}"`);
    }
    const answer = await service.storeDocument(owner, plan, { filename: part.filename, stream: part.file });
    reply.status(200);
    return answer;
  });

  /**
   * Downloads of stored files (local disk or S3). The reference is a random key (like a presigned URL, it is the
   * capability); the browser follows it from a plain link, which carries no session.
   */
  app.get('/files/*', { config: { public: true }, schema: contractSchema('GET /files/*') }, async (request, reply) => {
    let file: Awaited<ReturnType<typeof storage.get>>;
    try {
      file = await storage.get(request.params['*']);
    } catch (err) {
      if (err instanceof StorageError) throw new AppError('NOT_FOUND', 'File not found');
      throw err;
    }
    reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      // A saved web page (.html upload) is stored as the HTML it is: should a browser ever render
      // it, it runs nothing and reaches nothing.
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, max-age=3600')
      // PDFs open in the browser's viewer; Word files are downloaded.
      .header('content-disposition', file.contentType === 'application/pdf' ? 'inline' : 'attachment');
    return reply.send(file.body);
  });
};
