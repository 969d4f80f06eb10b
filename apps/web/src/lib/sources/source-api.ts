import { processSourceResponseSchema, sourceStatusResponseSchema } from '@mnemo/contracts/api/ai';
import { deckSizeResponseSchema } from '@mnemo/contracts/api/decks';
import {
  addSourceResponseSchema,
  removeSourceResponseSchema,
  type AddSourceBody,
  type RemoveSourceBody,
} from '@mnemo/contracts/api/sources';
import { UPLOAD_FIELD, uploadDocumentResponseSchema } from '@mnemo/contracts/api/upload';
import { api, type ApiClient } from '../api';

/** The source calls of spec 01 §7 and spec 02 §7, answers checked against @mnemo/contracts. */
const at = (id: string) => encodeURIComponent(id);

export function sourceCalls(client: ApiClient = api) {
  return {
    /** POST /upload/document, multipart with the field `file`. */
    uploadDocument(file: File, signal?: AbortSignal) {
      const form = new FormData();
      form.append(UPLOAD_FIELD, file, file.name);
      return client.post('/upload/document', form, {
        schema: uploadDocumentResponseSchema,
        signal,
      });
    },
    /** POST /decks/:id/sources {source}. */
    addSource(deckId: string, body: AddSourceBody) {
      return client.post(`/decks/${at(deckId)}/sources`, body, { schema: addSourceResponseSchema });
    },
    /** DELETE /decks/:id/sources/:sourceId {deleteCards}. */
    removeSource(deckId: string, sourceId: string, body: RemoveSourceBody) {
      return client.delete(`/decks/${at(deckId)}/sources/${at(sourceId)}`, body, {
        schema: removeSourceResponseSchema,
      });
    },
    /** POST /ai/process-source {deckId, sourceId}: 'Process Now' and 'Retry'. */
    processSource(deckId: string, sourceId: string) {
      return client.post(
        '/ai/process-source',
        { deckId, sourceId },
        { schema: processSourceResponseSchema },
      );
    },
    /** GET /ai/source-status/:deckId/:sourceId, the fallback poll. */
    sourceStatus(deckId: string, sourceId: string, signal?: AbortSignal) {
      return client.get(`/ai/source-status/${at(deckId)}/${at(sourceId)}`, {
        schema: sourceStatusResponseSchema,
        signal,
      });
    },
    /** GET /decks/:id/size. */
    deckSize(deckId: string, signal?: AbortSignal) {
      return client.get(`/decks/${at(deckId)}/size`, {
        schema: deckSizeResponseSchema,
        signal,
      });
    },
  };
}

export const sources = sourceCalls();
