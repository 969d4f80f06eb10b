import type { z } from 'zod';
import * as ai from './api/ai';
import * as auth from './api/auth';
import * as cards from './api/cards';
import * as chat from './api/chat';
import * as classes from './api/classes';
import * as decks from './api/decks';
import * as exchange from './api/exchange';
import * as mobile from './api/mobile';
import * as payment from './api/payment';
import * as prompts from './api/prompts';
import * as questions from './api/questions';
import * as review from './api/review';
import * as sources from './api/sources';
import * as spaces from './api/spaces';
import * as upload from './api/upload';
import * as youtube from './api/youtube';

/**
 * Every call of both spec documents' call tables (spec 01 §7, spec 02 §7) in one table: the
 * service that answers it, who may call it, and the schemas of its request and answer. Paths are
 * Fastify-style without the /api prefix. The schemas live in `api/<area>.ts`; this table only
 * points at them.
 *
 * `auth`: `public` anyone, even without a session; `session` a signed-in user or an anonymous
 * session; `user` a signed-in user only.
 */
export const SERVICES = ['auth', 'deck', 'chat', 'billing', 'gateway'] as const;
export type Service = (typeof SERVICES)[number];
export const ROUTE_AUTH = ['public', 'session', 'user'] as const;
export type RouteAuth = (typeof ROUTE_AUTH)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteContract = {
  method: HttpMethod;
  path: string;
  service: Service;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body, or with `multipart` the fields of a multipart form. */
  body?: z.ZodType;
  /** The answer of a successful call; errors answer `errorBodySchema` (errors.ts). */
  response?: z.ZodType;
  /** Answers with Server-Sent Events. */
  stream?: true;
  /** With `stream`: SSE event name to the schema of its JSON data. */
  events?: Readonly<Record<string, z.ZodType>>;
  /** The body is multipart/form-data. */
  multipart?: true;
  /**
   * Answers a stored file's own bytes and content type, not JSON. Its path ends in `*`: the rest of
   * the address is the file's key, slashes included.
   */
  file?: true;
  /**
   * Answers a file made for the call (an attachment named by Content-Disposition, with the content
   * type of the format asked for), not JSON: the content types it may have.
   */
  download?: readonly string[];
  /** Success status when not 200. */
  status?: 201 | 202;
  /** Not in the spec's call tables: our addition. */
  addition?: true;
  /** In the spec, but the path is ours: the spec describes the call without giving its path. */
  pathOurs?: true;
};

const TABLE = [
  // --- Accounts (spec 01 §7) ---
  { method: 'POST', path: '/auth/register', service: 'auth', auth: 'public', status: 201,
    body: auth.registerBodySchema, response: auth.registerResponseSchema },
  { method: 'POST', path: '/auth/login', service: 'auth', auth: 'public',
    body: auth.loginBodySchema, response: auth.loginResponseSchema },
  { method: 'POST', path: '/auth/google', service: 'auth', auth: 'public',
    body: auth.googleBodySchema, response: auth.googleResponseSchema },
  { method: 'GET', path: '/auth/me', service: 'auth', auth: 'user', response: auth.meResponseSchema },
  { method: 'POST', path: '/auth/verify-email', service: 'auth', auth: 'public',
    body: auth.verifyEmailBodySchema, response: auth.verifyEmailResponseSchema },
  { method: 'POST', path: '/auth/resend-verification', service: 'auth', auth: 'public',
    body: auth.resendVerificationBodySchema, response: auth.resendVerificationResponseSchema },
  { method: 'GET', path: '/auth/anonymous-limits/:sessionId', service: 'auth', auth: 'session',
    params: auth.anonymousLimitsParamsSchema, response: auth.anonymousLimitsResponseSchema },
  // Guest ids come from the server (signed by the gateway), never from the client.
  { method: 'POST', path: '/auth/anonymous-sessions', service: 'gateway', auth: 'public', status: 201,
    response: auth.issueAnonymousSessionResponseSchema, addition: true },
  { method: 'POST', path: '/auth/request-password-reset', service: 'auth', auth: 'public',
    body: auth.requestPasswordResetBodySchema, response: auth.requestPasswordResetResponseSchema },
  { method: 'GET', path: '/auth/validate-reset-token/:token', service: 'auth', auth: 'public',
    params: auth.validateResetTokenParamsSchema, response: auth.validateResetTokenResponseSchema },
  { method: 'POST', path: '/auth/reset-password', service: 'auth', auth: 'public',
    body: auth.resetPasswordBodySchema, response: auth.resetPasswordResponseSchema },
  // Logout ends whatever session the caller presents; without one it is a no-op.
  { method: 'POST', path: '/auth/logout', service: 'auth', auth: 'public', response: auth.logoutResponseSchema, addition: true },
  { method: 'GET', path: '/auth/config', service: 'auth', auth: 'public', response: auth.authConfigResponseSchema, addition: true },
  { method: 'POST', path: '/mobile/send-link', service: 'auth', auth: 'public',
    body: mobile.sendLinkBodySchema, response: mobile.sendLinkResponseSchema },

  // --- Study spaces (spec 01 §7): anonymous sessions create spaces too, within their limits ---
  { method: 'GET', path: '/spaces', service: 'deck', auth: 'session', response: spaces.listSpacesResponseSchema },
  { method: 'GET', path: '/spaces/:id', service: 'deck', auth: 'session',
    params: spaces.spaceParamsSchema, response: spaces.spaceResponseSchema },
  { method: 'POST', path: '/spaces', service: 'deck', auth: 'session', status: 201,
    body: spaces.createSpaceBodySchema, response: spaces.spaceResponseSchema },
  { method: 'PUT', path: '/spaces/:id', service: 'deck', auth: 'session',
    params: spaces.spaceParamsSchema, body: spaces.updateSpaceBodySchema, response: spaces.spaceResponseSchema },
  { method: 'DELETE', path: '/spaces/:id', service: 'deck', auth: 'session',
    params: spaces.spaceParamsSchema, response: spaces.deleteSpaceResponseSchema },

  // --- Decks (spec 01 §7, spec 02 §7) ---
  { method: 'POST', path: '/decks', service: 'deck', auth: 'session', status: 201,
    body: decks.createDeckBodySchema, response: decks.deckResponseSchema },
  { method: 'GET', path: '/decks', service: 'deck', auth: 'session',
    query: decks.listDecksQuerySchema, response: decks.listDecksResponseSchema },
  // Published decks: any session. Anonymous visitors may use /explore (spec 01 §2.2); the sidebar
  // still asks them to sign in, and cloning needs an account.
  { method: 'GET', path: '/decks/explore', service: 'deck', auth: 'session',
    query: decks.exploreQuerySchema, response: decks.exploreResponseSchema },
  { method: 'GET', path: '/decks/:id', service: 'deck', auth: 'session',
    params: decks.deckParamsSchema, response: decks.deckResponseSchema },
  { method: 'PUT', path: '/decks/:id', service: 'deck', auth: 'session',
    params: decks.deckParamsSchema, body: decks.updateDeckBodySchema, response: decks.deckResponseSchema },
  { method: 'DELETE', path: '/decks/:id', service: 'deck', auth: 'session',
    params: decks.deckParamsSchema, response: decks.deleteDeckResponseSchema },
  // The creation page's report that every source of its new deck failed (issue 18.3).
  { method: 'POST', path: '/decks/:id/discard-failed-creation', service: 'deck', auth: 'session', addition: true,
    params: decks.deckParamsSchema, body: decks.discardFailedCreationBodySchema,
    response: decks.discardFailedCreationResponseSchema },
  // Publishing and cloning are for signed-in users (spec 01 §6).
  { method: 'PUT', path: '/decks/:id/publish', service: 'deck', auth: 'user',
    params: decks.deckParamsSchema, body: decks.publishDeckBodySchema, response: decks.publishDeckResponseSchema },
  { method: 'GET', path: '/decks/:id/size', service: 'deck', auth: 'session',
    params: decks.deckParamsSchema, response: decks.deckSizeResponseSchema },
  { method: 'POST', path: '/decks/:id/clone', service: 'deck', auth: 'user', status: 201,
    params: decks.deckParamsSchema, body: decks.cloneDeckBodySchema, response: decks.cloneDeckResponseSchema },

  // --- Exchange with Anki, Quizlet and spreadsheets (issue 24): the deck service's exchange module.
  // Export: the owner (with their review history), or anyone who may view the deck (without it).
  // Import: a new deck in the caller's space, within the plan's limits; guests import like they create. ---
  { method: 'GET', path: '/decks/:id/export', service: 'deck', auth: 'session', addition: true,
    params: decks.deckParamsSchema, query: exchange.exportDeckQuerySchema,
    download: Object.values(exchange.EXPORT_FILES).map((f) => f.contentType) },
  { method: 'POST', path: '/decks/import', service: 'deck', auth: 'session', addition: true, multipart: true,
    body: exchange.importDeckBodySchema, response: exchange.importDeckResponseSchema },
  { method: 'POST', path: '/decks/import/preview', service: 'deck', auth: 'session', addition: true, multipart: true,
    body: exchange.importPreviewBodySchema, response: exchange.importPreviewResponseSchema },

  // --- Sources, uploads, processing ---
  { method: 'POST', path: '/decks/:id/sources', service: 'deck', auth: 'session', status: 201,
    params: sources.addSourceParamsSchema, body: sources.addSourceBodySchema, response: sources.addSourceResponseSchema },
  { method: 'DELETE', path: '/decks/:id/sources/:sourceId', service: 'deck', auth: 'session',
    params: sources.removeSourceParamsSchema, body: sources.removeSourceBodySchema, response: sources.removeSourceResponseSchema },
  { method: 'POST', path: '/upload/document', service: 'deck', auth: 'session', multipart: true,
    body: upload.uploadDocumentBodySchema, response: upload.uploadDocumentResponseSchema },
  { method: 'POST', path: '/ai/process-source', service: 'deck', auth: 'session',
    body: ai.processSourceBodySchema, response: ai.processSourceResponseSchema },
  { method: 'POST', path: '/ai/generate-cards-from-source', service: 'deck', auth: 'session',
    body: ai.generateCardsFromSourceBodySchema, response: ai.generateCardsFromSourceResponseSchema },
  { method: 'GET', path: '/ai/source-status/:deckId/:sourceId', service: 'deck', auth: 'session',
    params: ai.sourceStatusParamsSchema, response: ai.sourceStatusResponseSchema },
  // The gateway relays progress from Redis itself; no service is involved.
  { method: 'GET', path: '/ai/progress/:sourceId', service: 'gateway', auth: 'session',
    params: ai.progressParamsSchema, query: ai.progressStreamQuerySchema, stream: true, events: ai.progressStreamEvents },
  // The stream's ticket: EventSource cannot send the caller's headers (see progressStreamQuerySchema).
  { method: 'POST', path: '/ai/progress/:sourceId/ticket', service: 'gateway', auth: 'session', addition: true,
    params: ai.progressParamsSchema, response: ai.progressTicketResponseSchema },
  // Downloads of stored files: the key is random (the capability, like a presigned URL), so a plain
  // link from the browser, without a session, opens it.
  { method: 'GET', path: '/files/*', service: 'deck', auth: 'public', file: true, addition: true,
    params: upload.fileParamsSchema },
  { method: 'GET', path: '/youtube/search', service: 'deck', auth: 'session',
    query: youtube.youtubeSearchQuerySchema, response: youtube.youtubeSearchResponseSchema },

  // --- Questions and cards (spec 02 §7) ---
  { method: 'GET', path: '/questions/deck/:deckId', service: 'deck', auth: 'session',
    params: questions.deckQuestionsParamsSchema, query: questions.listQuestionsQuerySchema, response: questions.listQuestionsResponseSchema },
  { method: 'GET', path: '/questions/deck/:deckId/all', service: 'deck', auth: 'session',
    params: questions.deckQuestionsParamsSchema, query: questions.allQuestionsQuerySchema, response: questions.allQuestionsResponseSchema },
  { method: 'POST', path: '/questions/deck/:deckId/generate', service: 'deck', auth: 'session',
    params: questions.deckQuestionsParamsSchema, body: questions.generateQuestionsBodySchema, response: questions.generateQuestionsResponseSchema },
  { method: 'GET', path: '/questions/deck/:deckId/generation/:jobId', service: 'deck', auth: 'session',
    params: questions.generationStatusParamsSchema, response: questions.generationStatusResponseSchema, addition: true },
  { method: 'GET', path: '/questions/deck/:deckId/generation', service: 'deck', auth: 'session',
    params: questions.deckQuestionsParamsSchema, response: questions.latestGenerationResponseSchema, addition: true },
  { method: 'PUT', path: '/questions/:id', service: 'deck', auth: 'session',
    params: questions.questionParamsSchema, body: questions.updateQuestionBodySchema, response: questions.updateQuestionResponseSchema },
  { method: 'DELETE', path: '/questions/:id', service: 'deck', auth: 'session',
    params: questions.questionParamsSchema, response: questions.deleteQuestionResponseSchema },
  { method: 'POST', path: '/questions/:id/evaluate', service: 'deck', auth: 'session',
    params: questions.questionParamsSchema, body: questions.evaluateQuestionBodySchema, response: questions.evaluateQuestionResponseSchema },
  { method: 'GET', path: '/cards/deck/:deckId', service: 'deck', auth: 'session', pathOurs: true,
    params: cards.deckCardsParamsSchema, response: cards.listCardsResponseSchema },
  { method: 'POST', path: '/cards/:id/evaluate', service: 'deck', auth: 'session', pathOurs: true,
    params: cards.cardParamsSchema, body: cards.evaluateCardBodySchema, response: cards.evaluateCardResponseSchema },
  { method: 'POST', path: '/cards/deck/:deckId/generate', service: 'deck', auth: 'session',
    params: cards.deckCardsParamsSchema, body: cards.generateCardsBodySchema, response: cards.generateCardsResponseSchema },

  // --- Spaced repetition (issue 20): the deck service's review module; guests review too ---
  { method: 'POST', path: '/questions/:id/review', service: 'deck', auth: 'session', addition: true,
    params: questions.questionParamsSchema, body: review.overrideReviewBodySchema, response: review.overrideReviewResponseSchema },
  { method: 'GET', path: '/review/due', service: 'deck', auth: 'session', addition: true,
    query: review.reviewDueQuerySchema, response: review.reviewDueResponseSchema },
  { method: 'GET', path: '/review/due-counts', service: 'deck', auth: 'session', addition: true,
    response: review.reviewDueCountsResponseSchema },
  { method: 'GET', path: '/review/stats', service: 'deck', auth: 'session', addition: true,
    query: review.reviewStatsQuerySchema, response: review.reviewStatsResponseSchema },
  { method: 'GET', path: '/review/settings', service: 'deck', auth: 'session', addition: true,
    response: review.reviewSettingsResponseSchema },
  { method: 'PUT', path: '/review/settings', service: 'deck', auth: 'session', addition: true,
    body: review.updateReviewSettingsBodySchema, response: review.reviewSettingsResponseSchema },
  { method: 'GET', path: '/decks/:id/mastery', service: 'deck', auth: 'session', addition: true,
    params: decks.deckParamsSchema, response: review.deckMasteryResponseSchema },
  { method: 'GET', path: '/decks/:id/quiz', service: 'deck', auth: 'session', addition: true,
    params: decks.deckParamsSchema, query: review.summaryQuizQuerySchema, response: review.summaryQuizResponseSchema },

  // --- Classes (issue 23): the deck service's classes module. Making a class needs an account;
  // guests join, study and leave. Anything of a class the caller may not see answers 404. ---
  { method: 'POST', path: '/classes', service: 'deck', auth: 'user', status: 201, addition: true,
    body: classes.createClassBodySchema, response: classes.classResponseSchema },
  { method: 'GET', path: '/classes', service: 'deck', auth: 'session', addition: true,
    response: classes.listClassesResponseSchema },
  { method: 'POST', path: '/classes/join', service: 'deck', auth: 'session', status: 201, addition: true,
    body: classes.joinClassBodySchema, response: classes.joinClassResponseSchema },
  { method: 'PUT', path: '/classes/:id', service: 'deck', auth: 'session', addition: true,
    params: classes.classParamsSchema, body: classes.updateClassBodySchema, response: classes.classResponseSchema },
  { method: 'GET', path: '/classes/:id/dashboard', service: 'deck', auth: 'session', addition: true,
    params: classes.classParamsSchema, response: classes.classDashboardResponseSchema },
  { method: 'POST', path: '/classes/:id/code/rotate', service: 'deck', auth: 'session', addition: true,
    params: classes.classParamsSchema, response: classes.rotateCodeResponseSchema },
  { method: 'DELETE', path: '/classes/:id/members/me', service: 'deck', auth: 'session', addition: true,
    params: classes.classParamsSchema, response: classes.removeMemberResponseSchema },
  { method: 'DELETE', path: '/classes/:id/members/:memberId', service: 'deck', auth: 'session', addition: true,
    params: classes.classMemberParamsSchema, response: classes.removeMemberResponseSchema },
  // Curriculum to space: 202, the decks come from the worker's split (docs/adr/0007).
  { method: 'POST', path: '/classes/curriculum', service: 'deck', auth: 'user', status: 202, addition: true,
    body: classes.curriculumSpaceBodySchema, response: classes.curriculumSpaceResponseSchema },
  { method: 'GET', path: '/classes/curriculum/:spaceId', service: 'deck', auth: 'user', addition: true,
    params: classes.curriculumParamsSchema, response: classes.curriculumSpaceResponseSchema },

  // --- Chat (spec 02 §7) ---
  { method: 'POST', path: '/chat/retrieve-context', service: 'chat', auth: 'session',
    body: chat.retrieveContextBodySchema, response: chat.retrieveContextResponseSchema },
  { method: 'POST', path: '/chat/enhance-query', service: 'chat', auth: 'session',
    body: chat.enhanceQueryBodySchema, response: chat.enhanceQueryResponseSchema },
  { method: 'POST', path: '/chat/check-vector-availability', service: 'chat', auth: 'session',
    body: chat.checkVectorAvailabilityBodySchema, response: chat.checkVectorAvailabilityResponseSchema },
  { method: 'GET', path: '/chat/sources/:sourceId/passages/:chunkIndex', service: 'chat', auth: 'session', addition: true,
    params: chat.sourcePassageParamsSchema, response: chat.sourcePassageResponseSchema },
  { method: 'POST', path: '/chat/start', service: 'chat', auth: 'session', status: 201,
    body: chat.startChatBodySchema, response: chat.startChatResponseSchema },
  { method: 'GET', path: '/chat/:id', service: 'chat', auth: 'session',
    params: chat.chatParamsSchema, response: chat.getChatResponseSchema },
  { method: 'GET', path: '/chat/deck/:deckId', service: 'chat', auth: 'session',
    params: chat.deckChatsParamsSchema, response: chat.listDeckChatsResponseSchema },
  { method: 'DELETE', path: '/chat/:id', service: 'chat', auth: 'session',
    params: chat.chatParamsSchema, response: chat.deleteChatResponseSchema },
  { method: 'PUT', path: '/chat/:chatId/message', service: 'chat', auth: 'session',
    params: chat.chatIdParamsSchema, body: chat.editMessageBodySchema, response: chat.editMessageResponseSchema },
  { method: 'PUT', path: '/chat/deck/:deckId/system-messages', service: 'chat', auth: 'session',
    params: chat.deckChatsParamsSchema, body: chat.updateSystemMessagesBodySchema, response: chat.updateSystemMessagesResponseSchema },
  { method: 'POST', path: '/chat/message', service: 'chat', auth: 'session',
    body: chat.sendMessageBodySchema, response: chat.messageResponseSchema },
  { method: 'POST', path: '/chat/message/ephemeral', service: 'chat', auth: 'session',
    body: chat.ephemeralMessageBodySchema, response: chat.messageResponseSchema },
  { method: 'POST', path: '/chat/stream/:chatId', service: 'chat', auth: 'session',
    params: chat.chatIdParamsSchema, body: chat.streamMessageBodySchema, stream: true, events: chat.chatStreamEvents },
  { method: 'POST', path: '/chat/stream/ephemeral', service: 'chat', auth: 'session',
    body: chat.streamEphemeralBodySchema, stream: true, events: chat.chatStreamEvents },
  { method: 'POST', path: '/chat/flashcard/:cardId', service: 'chat', auth: 'session',
    params: chat.flashcardChatParamsSchema, body: chat.flashcardChatBodySchema, response: chat.flashcardChatResponseSchema },
  // Under deck-looking prefixes, but the chat service answers them.
  { method: 'POST', path: '/questions/conversation-prompts', service: 'chat', auth: 'session',
    body: prompts.questionPromptsBodySchema, response: prompts.promptsResponseSchema },
  { method: 'POST', path: '/sources/conversation-prompts', service: 'chat', auth: 'session',
    body: prompts.sourcePromptsBodySchema, response: prompts.promptsResponseSchema },

  // --- Payment (spec 01 §7): "payment endpoints require a bearer token" ---
  { method: 'POST', path: '/payment/create-checkout-session', service: 'billing', auth: 'user',
    body: payment.checkoutBodySchema, response: payment.checkoutResponseSchema },
  { method: 'POST', path: '/payment/create-billing-portal', service: 'billing', auth: 'user',
    response: payment.billingPortalResponseSchema },
  { method: 'GET', path: '/payment/usage', service: 'billing', auth: 'user', response: payment.usageResponseSchema },
  { method: 'POST', path: '/payment/check-usage-limit', service: 'billing', auth: 'user',
    body: payment.checkUsageLimitBodySchema, response: payment.checkUsageLimitResponseSchema },
  // Stripe calls this; it proves itself with the signature, not a session.
  { method: 'POST', path: '/payment/webhook', service: 'billing', auth: 'public', addition: true,
    body: payment.stripeEventSchema, response: payment.webhookResponseSchema },
  // Demo billing when Stripe is not configured (our addition); 404 when it is.
  { method: 'GET', path: '/payment/demo/checkout/:sessionId', service: 'billing', auth: 'user', addition: true,
    params: payment.demoCheckoutParamsSchema, response: payment.demoCheckoutResponseSchema },
  { method: 'POST', path: '/payment/demo/checkout/:sessionId/complete', service: 'billing', auth: 'user', addition: true,
    params: payment.demoCheckoutParamsSchema, response: payment.demoCompleteResponseSchema },
  { method: 'GET', path: '/payment/demo/subscription', service: 'billing', auth: 'user', addition: true,
    response: payment.demoSubscriptionResponseSchema },
  { method: 'POST', path: '/payment/demo/subscription/cancel', service: 'billing', auth: 'user', addition: true,
    response: payment.demoSubscriptionResponseSchema },
] as const satisfies readonly RouteContract[];

/** The table, for iterating. `route(key)` gives one call with its precise schema types. */
export const ROUTES: readonly RouteContract[] = TABLE;

export type Route = (typeof TABLE)[number];
/** `'POST /auth/login'` and so on: one key per call. */
export type RouteKey = `${Route['method']} ${Route['path']}`;
export type RouteOf<K extends RouteKey> = Extract<Route, { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }>;

type SchemaOf<K extends RouteKey, F extends 'params' | 'query' | 'body' | 'response'> =
  RouteOf<K> extends { [P in F]: infer S extends z.ZodType } ? S : never;
/** What a client sends as the body of a call. */
export type RouteBody<K extends RouteKey> = z.input<SchemaOf<K, 'body'>>;
/** What a client may send as the query of a call. */
export type RouteQuery<K extends RouteKey> = z.input<SchemaOf<K, 'query'>>;
export type RouteParams<K extends RouteKey> = z.input<SchemaOf<K, 'params'>>;
/** What a client receives from a call. */
export type RouteResponse<K extends RouteKey> = z.output<SchemaOf<K, 'response'>>;

const byKey = new Map<string, RouteContract>(ROUTES.map((r) => [`${r.method} ${r.path}`, r]));

/** The route of a call, typed precisely: `route('POST /auth/login').response.parse(body)`. */
export function route<K extends RouteKey>(key: K): RouteOf<K> {
  const found = byKey.get(key);
  if (!found) throw new Error(`No route ${key}`);
  return found as RouteOf<K>;
}

/** The route of a method and path, or undefined; for callers holding plain strings. */
export const findRoute = (method: string, path: string): RouteContract | undefined => byKey.get(`${method} ${path}`);

/** Kept for callers of the first version of this table; the schemas live in entities/chat.ts. */
export { chatStreamEventSchemas } from './entities/chat';
