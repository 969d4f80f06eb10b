import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { attachmentDisposition, IMPORT_FILE_FIELD, importFormatSchema } from '@mnemo/contracts/api/exchange';
import { idSchema } from '@mnemo/contracts/common';
import type { Plan } from '@mnemo/contracts/identity';
import { maxFileMB, SCHOLAR_MAX_FILE_MB } from '@mnemo/contracts/limits';
import { AppError, contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import { callerOf, planOf } from '../decks/limits';
import { maxUploadBytes } from '../upload/upload.service';
import type { ExchangeService, ImportFile } from './exchange.service';

const tooLarge = (plan: Plan) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    plan === 'scholar'
      ? `This file is larger than ${maxFileMB(plan)} MB, the largest file that can be imported`
      : `This file is larger than ${maxFileMB(plan)} MB, the largest file the free plan allows (Scholar allows up to ${SCHOLAR_MAX_FILE_MB} MB)`,
  );

/**
 * The import form: the file (whole, in memory: every format is read whole, and the plan's upload
 * cap bounds it) and the text fields, in whatever order the browser sent them.
 */
async function readForm(request: FastifyRequest, plan: Plan): Promise<{ file: ImportFile; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data in a field named "${IMPORT_FILE_FIELD}"`);
  }
  const fields: Record<string, string> = {};
  let file: ImportFile | null = null;
  // Same cap as POST /upload/document; busboy stops at it and toBuffer() throws, never cutting silently.
  for await (const part of request.parts({ limits: { fileSize: maxUploadBytes(plan) } })) {
    if (part.type === 'file') {
      if (part.fieldname !== IMPORT_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(plan);
        throw err;
      }
      file = { filename: part.filename, bytes };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) throw new AppError('BAD_REQUEST', `No file was sent: send it in a field named "${IMPORT_FILE_FIELD}"`);
  return { file, fields };
}

function formatField(value: string | undefined) {
  if (value === undefined || value === '') return undefined;
  const parsed = importFormatSchema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', `Unknown format "${value}": use one of ${importFormatSchema.options.join(', ')}`);
  return parsed.data;
}

/**
 * Deck exchange (issue 24): GET /decks/:id/export, POST /decks/import and its preview, with their
 * request and answer schemas from the contracts' route table (the multipart forms are read here).
 */
export const exchangeRoutes: RoutesPlugin<{ exchange: ExchangeService }> = async (app, { exchange }) => {
  // Multipart parsing in this scope only, bounded as the upload route bounds it.
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12, fieldSize: 10_000, headerPairs: 100 } });

  app.get('/decks/:id/export', { schema: contractSchema('GET /decks/:id/export') }, async (request, reply) => {
    const file = await exchange.exportDeck(requireOwner(request), request.params.id, request.query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  app.post('/decks/import/preview', { schema: contractSchema('POST /decks/import/preview') }, async (request) => {
    requireOwner(request);
    const { file, fields } = await readForm(request, planOf(request.identity));
    return exchange.preview(file, formatField(fields.format));
  });

  app.post('/decks/import', { schema: contractSchema('POST /decks/import') }, async (request, reply) => {
    const caller = callerOf(request);
    const { file, fields } = await readForm(request, caller.plan);
    const studySpace = idSchema.safeParse(fields.studySpace);
    if (!studySpace.success) throw new AppError('VALIDATION_FAILED', 'Choose the study space to import the deck into (field "studySpace")');
    const answer = await exchange.importDeck(caller, { file, studySpace: studySpace.data, format: formatField(fields.format) });
    reply.status(200);
    return answer;
  });
};
