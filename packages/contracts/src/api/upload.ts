import { z } from 'zod';
import { DOCUMENT_EXTENSIONS, DOCUMENT_KINDS, FILE_FORMATS } from '../file-formats';
import { FREE_MAX_FILE_MB, SCHOLAR_MAX_FILE_MB } from '../limits';

/**
 * POST /upload/document (spec 01 §7): multipart form data with one field `file`, a PDF or Word
 * document. The server checks the content, not only the name (UNSUPPORTED_FILE), and the size
 * (PAYLOAD_TOO_LARGE).
 */
export const UPLOAD_FIELD = 'file';
/** The accepted name endings and stored types: one entry per format in file-formats.ts. */
export const UPLOAD_EXTENSIONS: readonly string[] = DOCUMENT_EXTENSIONS;
export const UPLOAD_CONTENT_TYPES: readonly string[] = DOCUMENT_KINDS.map(
  (kind) => FILE_FORMATS[kind].contentType,
);
/**
 * The largest file anyone may upload: Scholar's 25 MB (spec 01 §1, §9). Free and anonymous callers
 * get `FREE_MAX_FILE_MB` (limits.ts, `maxFileMB(plan)`); the deck's 60 MB total is checked apart.
 */
export const UPLOAD_MAX_BYTES = SCHOLAR_MAX_FILE_MB * 1024 * 1024;

/**
 * The form as the browser sends it. Services read it with a multipart parser; this documents it. The
 * type is not checked here: browsers report .doc files as '' or application/octet-stream.
 */
export const uploadDocumentBodySchema = z.object({
  [UPLOAD_FIELD]: z
    .file()
    .max(UPLOAD_MAX_BYTES)
    .meta({
      description: `A PDF or Word document, or a picture of text read by OCR (${UPLOAD_EXTENSIONS.join(', ')}), at most ${FREE_MAX_FILE_MB} MB on the free plan and for guests, ${SCHOLAR_MAX_FILE_MB} MB on Scholar`,
    }),
});

export const uploadedFileSchema = z.object({
  storageRef: z.string().min(1),
  downloadUrl: z.string().min(1),
  contentType: z.string(),
  size: z.number().int().min(0),
  /** Addition: the name the file had, for the source's originalFilename. */
  originalFilename: z.string().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadDocumentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  file: uploadedFileSchema,
});
export type UploadDocumentResponse = z.output<typeof uploadDocumentResponseSchema>;

/**
 * GET /files/*: a stored file, by the key its download link gives (`*`, slashes included). The key
 * is random and short; anything longer is no key of ours.
 */
export const fileParamsSchema = z.object({ '*': z.string().max(200) });
