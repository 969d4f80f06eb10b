import { z } from 'zod';
import { idSchema, successSchema } from '../common';
import { focusInstructionsSchema } from '../entities/deck';
import { DEFAULT_CARD_COUNT, cardCountSchema, questionTypeSchema } from '../entities/question';
import { sourceSchema } from '../entities/source';
import { progressEventSchema } from '../progress';
import { generateQuestionsResponseSchema } from './questions';

/** Source processing calls of spec 01 §7 and spec 02 §7, and the progress stream. */

export const processSourceBodySchema = z.object({ deckId: idSchema, sourceId: idSchema });
export type ProcessSourceBody = z.input<typeof processSourceBodySchema>;
/**
 * Starts (or, for a failed source, retries) processing. Answers at once with the source, now
 * processing; progress follows on GET /ai/progress/:sourceId.
 */
// not shown in the spec: our design.
export const processSourceResponseSchema = successSchema.extend({ source: sourceSchema });
export type ProcessSourceResponse = z.output<typeof processSourceResponseSchema>;

/** Questions from one processed source. */
// not shown in the spec: our design (body and answer).
export const generateCardsFromSourceBodySchema = z.object({
  deckId: idSchema,
  sourceId: idSchema,
  count: cardCountSchema(DEFAULT_CARD_COUNT),
  questionTypes: z.array(questionTypeSchema).min(1).default(['multiple_choice', 'free_response']),
  focusInstructions: focusInstructionsSchema.nullish(),
});
export type GenerateCardsFromSourceBody = z.input<typeof generateCardsFromSourceBodySchema>;
// not shown in the spec: our design.
export const generateCardsFromSourceResponseSchema = generateQuestionsResponseSchema;
export type GenerateCardsFromSourceResponse = z.output<
  typeof generateCardsFromSourceResponseSchema
>;

export const sourceStatusParamsSchema = z.object({ deckId: idSchema, sourceId: idSchema });
export const sourceStatusResponseSchema = successSchema.extend({ source: sourceSchema });
export type SourceStatusResponse = z.output<typeof sourceStatusResponseSchema>;

export const progressParamsSchema = z.object({ sourceId: idSchema });
/**
 * A browser's EventSource cannot send headers, and a login token in a URL ends up in history and
 * access logs. So the stream is opened with a ticket: issued by POST /ai/progress/:sourceId/ticket
 * (an ordinary call with the caller's headers), good for one stream of that source for that
 * caller, once, within expiresInSeconds. Callers that can send headers may use them instead.
 */
export const progressStreamQuerySchema = z.object({ ticket: z.string().min(1).max(200).optional() });
export const progressTicketResponseSchema = successSchema.extend({
  ticket: z.string().min(1),
  expiresInSeconds: z.number().int().positive(),
});
export type ProgressTicketResponse = z.output<typeof progressTicketResponseSchema>;
/**
 * The SSE event name of progress events: unnamed events (type `message`), so the spec's client sees
 * them with `EventSource.onmessage`; each `data` is one progress event as JSON.
 */
export const PROGRESS_SSE_EVENT = 'message';
export const progressStreamEvents = { [PROGRESS_SSE_EVENT]: progressEventSchema } as const;
