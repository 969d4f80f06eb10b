import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Plan } from '@mnemo/contracts/identity';
import { maxFileMB, SCHOLAR_MAX_FILE_MB } from '@mnemo/contracts/limits';
import { UPLOAD_EXTENSIONS, type UploadDocumentResponse } from '@mnemo/contracts/api/upload';
import { DOCUMENT_NAMES } from '@mnemo/contracts/file-formats';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { Storage } from '@mnemo/storage';
import { contentTypeOf, documentGuard, kindOfFilename } from './document-guard';
import type { UploadsRepository } from './upload.repository';

const MB = 1024 * 1024;
/** Documents live under their own prefix; the key is generated, never the user's file name. */
export const DOCUMENTS_PREFIX = 'documents';

/** The largest file this plan may upload, in bytes; anonymous visitors get the free plan's. */
export const maxUploadBytes = (plan: Plan) => maxFileMB(plan) * MB;

function tooLargeError(plan: Plan): AppError {
  const mb = maxFileMB(plan);
  const message =
    plan === 'scholar'
      ? `This file is larger than ${mb} MB, the largest file that can be uploaded`
      : `This file is larger than ${mb} MB, the largest file the free plan allows (Scholar allows up to ${SCHOLAR_MAX_FILE_MB} MB)`;
  return new AppError('PAYLOAD_TOO_LARGE', message);
}

/** The name the file had, as text safe to keep and show: no path, no control characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(0, 255).join('');
}


export function createUploadService({
  storage,
  uploads,
  log,
}: {
  storage: Pick<Storage, 'put' | 'delete' | 'downloadUrl'>;
  uploads: Pick<UploadsRepository, 'insert'>;
  log: FastifyBaseLogger;
}) {
  return {
    /**
     * Checks and stores one uploaded document, streaming: the bytes go through the document guard
     * straight into storage, so a refused file (wrong kind, too large) is never kept, and memory
     * stays bounded whatever the upload's size. The caller is recorded as its owner, so only they
     * can add it to a deck.
     */
    async storeDocument(
      owner: Owner,
      plan: Plan,
      file: { filename: string; stream: Readable },
    ): Promise<UploadDocumentResponse> {
      const originalFilename = cleanFilename(file.filename);
      const kind = kindOfFilename(originalFilename);
      if (!kind) {
        file.stream.resume(); // read and drop the rest, so the request completes
        throw new AppError(
          'UNSUPPORTED_FILE',
          `Only ${DOCUMENT_NAMES} files (${UPLOAD_EXTENSIONS.join(', ')}) can be uploaded`,
        );
      }
      const contentType = contentTypeOf(kind);
      const guard = documentGuard({ kind, maxBytes: maxUploadBytes(plan), tooLarge: () => tooLargeError(plan) });
      file.stream.on('error', (err) => guard.destroy(err));
      // The storage write receives the guard's error and fails with it; this listener only keeps
      // the pipe from the request re-raising that same error as an uncaught one.
      guard.on('error', () => {});
      file.stream.pipe(guard);

      let stored: { storageRef: string; size: number };
      try {
        stored = await storage.put({ body: guard, contentType, prefix: DOCUMENTS_PREFIX });
      } catch (err) {
        file.stream.unpipe(guard);
        file.stream.resume();
        throw err;
      }
      try {
        const downloadUrl = await storage.downloadUrl(stored.storageRef);
        await uploads.insert(owner, {
          storageRef: stored.storageRef,
          originalFilename,
          contentType,
          sizeInBytes: stored.size,
        });
        return {
          success: true,
          message: 'File uploaded successfully',
          file: { storageRef: stored.storageRef, downloadUrl, contentType, size: stored.size, originalFilename },
        };
      } catch (err) {
        // Nothing half-kept: a file nobody can reference is removed.
        await storage.delete(stored.storageRef).catch((e: unknown) => log.warn({ err: e, storageRef: stored.storageRef }, 'could not remove an unrecorded upload'));
        throw err;
      }
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
