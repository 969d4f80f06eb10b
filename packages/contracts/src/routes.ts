import { z } from 'zod';
import {
  attributionSchema,
  cardSchema,
  chatMessageSchema,
  chatSchema,
  deckLengthSchema,
  deckSchema,
  deckSizeSchema,
  evaluationSchema,
  publishedDeckCardSchema,
  questionSchema,
  questionTypeSchema,
  sourceSchema,
  sourceTypeSchema,
  spaceSchema,
  usageStatsSchema,
  userSchema,
  vectorContextChunkSchema,
} from './entities';
import { processingStatusSchema } from './progress';

/**
 * Every call of both spec documents' call tables (spec 01 §7, spec 02 §7), with the service that
 * answers it and the schemas of its request and answer. Paths are Fastify-style without the /api
 * prefix. `// ours` marks an answer the spec does not show: our design, recorded in docs/decisions.md.
 * `auth`: public (anyone), session (a user or an anonymous session), user (signed in).
 */
export type Service = 'auth' | 'deck' | 'chat' | 'billing' | 'gateway';
export type RouteAuth = 'public' | 'session' | 'user';
export type RouteContract = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  service: Service;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Answers with Server-Sent Events. */
  stream?: true;
  /** Not in the spec's tables: our addition. */
  addition?: true;
};

const ok = z.object({ success: z.literal(true) });
const idParam = z.object({ id: z.uuid() });
const deckIdParam = z.object({ deckId: z.uuid() });
const data = <T extends z.ZodType>(s: T) => z.object({ data: s });
const chatHistory = z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }));
const customInstructions = z.string().max(2000, 'Custom AI instructions can be at most 2000 characters');
const sessionAnswer = ok.extend({ token: z.string(), user: userSchema });
const loginAnswer = sessionAnswer.extend(userSchema.shape);
const sourceInput = z.object({
  type: sourceTypeSchema,
  url: z.string().optional(),
  originalFilename: z.string().optional(),
  storageRef: z.string().optional(),
  downloadUrl: z.string().optional(),
  contentType: z.string().optional(),
  sizeInBytes: z.number().int().min(0).optional(),
  /** Cut to 50 characters by the server, not refused. */
  title: z.string().optional(),
  summary: z.string().optional(),
  keyPoints: z.array(z.string()).optional(),
  processingStatus: processingStatusSchema.optional(),
});
const vectorContext = z.array(vectorContextChunkSchema).optional();
const prompts = z.object({ prompts: z.array(z.string()) });

export const ROUTES: readonly RouteContract[] = [
  // --- Accounts (spec 01 §7) ---
  { method: 'POST', path: '/auth/register', service: 'auth', auth: 'public',
    body: z.object({ email: z.string(), password: z.string(), firstName: z.string() }),
    response: ok.extend({ email: z.string(), userId: z.string(), message: z.string() }) },
  { method: 'POST', path: '/auth/login', service: 'auth', auth: 'public',
    body: z.object({ email: z.string(), password: z.string() }), response: loginAnswer },
  { method: 'POST', path: '/auth/google', service: 'auth', auth: 'public',
    body: z.object({ credential: z.string() }), response: loginAnswer },
  { method: 'GET', path: '/auth/me', service: 'auth', auth: 'user', response: ok.extend({ user: userSchema }) },
  { method: 'POST', path: '/auth/verify-email', service: 'auth', auth: 'public',
    body: z.object({ userId: z.string(), verificationCode: z.string().regex(/^\d{6}$/) }), response: sessionAnswer },
  { method: 'POST', path: '/auth/resend-verification', service: 'auth', auth: 'public',
    body: z.object({ userId: z.string() }), response: ok.extend({ message: z.string() }) /* ours */ },
  { method: 'GET', path: '/auth/anonymous-limits/:sessionId', service: 'auth', auth: 'session',
    params: z.object({ sessionId: z.uuid() }),
    response: ok.extend({
      sessionId: z.string(),
      usage: z.object({ studySpaces: z.number(), decks: z.number(), cardsGenerated: z.number(), chatMessages: z.number() }),
      limits: z.object({ studySpaces: z.number(), decksPerSpace: z.number(), cardsPerDeck: z.number(), chatMessagesPerDay: z.number() }).loose(),
    }) },
  { method: 'POST', path: '/auth/request-password-reset', service: 'auth', auth: 'public',
    body: z.object({ email: z.string() }), response: ok.extend({ message: z.string() }) },
  { method: 'GET', path: '/auth/validate-reset-token/:token', service: 'auth', auth: 'public',
    params: z.object({ token: z.string() }), response: ok.extend({ email: z.string(), firstName: z.string() }) },
  { method: 'POST', path: '/auth/reset-password', service: 'auth', auth: 'public',
    body: z.object({ token: z.string(), password: z.string() }),
    response: ok.extend({ token: z.string(), user: userSchema.extend({ token: z.string() }) }) },
  { method: 'POST', path: '/auth/logout', service: 'auth', auth: 'user', response: ok, addition: true },
  { method: 'GET', path: '/auth/config', service: 'auth', auth: 'public',
    response: z.object({ googleClientId: z.string().nullable() }), addition: true },
  { method: 'POST', path: '/mobile/send-link', service: 'auth', auth: 'public',
    body: z.object({ email: z.string() }), response: ok /* ours: the client reads only the status */ },

  // --- Spaces and decks (spec 01 §7) ---
  { method: 'GET', path: '/spaces', service: 'deck', auth: 'session', response: data(z.array(spaceSchema)) },
  { method: 'GET', path: '/spaces/:id', service: 'deck', auth: 'session', params: idParam, response: data(spaceSchema) },
  { method: 'POST', path: '/spaces', service: 'deck', auth: 'session',
    body: z.object({ title: z.string(), description: z.string().optional() }), response: data(spaceSchema) },
  { method: 'PUT', path: '/spaces/:id', service: 'deck', auth: 'session', params: idParam,
    body: z.object({ title: z.string().optional(), description: z.string().optional() }), response: data(spaceSchema) },
  { method: 'DELETE', path: '/spaces/:id', service: 'deck', auth: 'session', params: idParam, response: data(z.object({ _id: z.string() })) },
  { method: 'POST', path: '/decks', service: 'deck', auth: 'session',
    body: z.object({
      title: z.string(),
      description: z.string().optional(),
      sources: z.array(sourceInput).optional(),
      focusInstructions: z.string().optional(),
      studySpace: z.string().optional(),
      length: deckLengthSchema.optional(),
      questionTypes: z.array(questionTypeSchema).min(1).optional(),
    }),
    response: deckSchema },
  { method: 'GET', path: '/decks', service: 'deck', auth: 'session', query: z.object({ studySpace: z.string().optional() }),
    response: z.object({ data: z.array(deckSchema) }) /* ours: "shape not shown" */ },
  { method: 'GET', path: '/decks/:id', service: 'deck', auth: 'session', params: idParam, response: deckSchema },
  { method: 'PUT', path: '/decks/:id', service: 'deck', auth: 'session', params: idParam,
    body: z.object({ title: z.string().optional(), description: z.string().optional(), systemPrompt: customInstructions.optional(), focusInstructions: z.string().optional(), studySpace: z.string().optional() }),
    response: deckSchema },
  { method: 'DELETE', path: '/decks/:id', service: 'deck', auth: 'session', params: idParam, response: ok.extend({ _id: z.string() }) },
  { method: 'POST', path: '/decks/:id/sources', service: 'deck', auth: 'session', params: idParam,
    body: z.union([z.object({ source: sourceInput }), sourceInput]), response: sourceSchema },
  { method: 'DELETE', path: '/decks/:id/sources/:sourceId', service: 'deck', auth: 'session',
    params: z.object({ id: z.uuid(), sourceId: z.uuid() }), body: z.object({ deleteCards: z.boolean().optional() }),
    response: ok.extend({ cardsDeleted: z.number().int() }) },
  { method: 'PUT', path: '/decks/:id/publish', service: 'deck', auth: 'user', params: idParam,
    body: z.object({ isPublished: z.boolean(), publishedAnonymously: z.boolean().optional() }), response: deckSchema /* ours */ },
  { method: 'GET', path: '/decks/explore', service: 'deck', auth: 'user',
    query: z.object({ search: z.string().optional(), page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(20), sort: z.string().optional() }),
    response: z.object({ data: z.array(publishedDeckCardSchema), pagination: z.object({ total: z.number().int(), totalPages: z.number().int() }) }) },
  { method: 'GET', path: '/decks/:id/size', service: 'deck', auth: 'session', params: idParam, response: deckSizeSchema },
  { method: 'POST', path: '/decks/:id/clone', service: 'deck', auth: 'user', params: idParam,
    body: z.object({ studySpace: z.string() }), response: deckSchema },

  // --- Sources and processing ---
  { method: 'POST', path: '/ai/process-source', service: 'deck', auth: 'session',
    body: z.object({ deckId: z.uuid(), sourceId: z.uuid() }), response: ok.extend({ source: sourceSchema }) /* ours */ },
  { method: 'POST', path: '/ai/generate-cards-from-source', service: 'deck', auth: 'session',
    body: z.object({ deckId: z.uuid(), sourceId: z.uuid().optional(), count: z.number().int().min(1).max(100).optional() }),
    response: ok /* ours: body and answer not shown */ },
  { method: 'GET', path: '/ai/source-status/:deckId/:sourceId', service: 'deck', auth: 'session',
    params: z.object({ deckId: z.uuid(), sourceId: z.uuid() }), response: ok.extend({ source: sourceSchema }) },
  { method: 'GET', path: '/ai/progress/:sourceId', service: 'gateway', auth: 'session', params: z.object({ sourceId: z.uuid() }), stream: true },
  { method: 'POST', path: '/upload/document', service: 'deck', auth: 'session',
    response: z.object({ success: z.boolean(), message: z.string(), file: z.object({ storageRef: z.string(), downloadUrl: z.string(), contentType: z.string(), size: z.number() }) }) },
  { method: 'GET', path: '/youtube/search', service: 'deck', auth: 'session', query: z.object({ q: z.string().min(1) }),
    response: z.object({ videos: z.array(z.object({ id: z.string(), title: z.string(), thumbnail: z.string() })) }) },

  // --- Questions and cards (spec 02 §7) ---
  { method: 'GET', path: '/questions/deck/:deckId', service: 'deck', auth: 'session', params: deckIdParam,
    query: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: z.object({ questions: z.array(questionSchema), pagination: z.object({ total: z.number().int(), pages: z.number().int() }) }) },
  { method: 'GET', path: '/questions/deck/:deckId/all', service: 'deck', auth: 'session', params: deckIdParam,
    query: z.object({ questionType: questionTypeSchema.optional() }), response: z.object({ questions: z.array(questionSchema) }) },
  { method: 'POST', path: '/questions/deck/:deckId/generate', service: 'deck', auth: 'session', params: deckIdParam,
    body: z.object({ questionTypes: z.array(questionTypeSchema).min(1), totalQuestions: z.number().int().min(1).max(100), focusInstructions: z.string().optional() }),
    response: ok.extend({ jobId: z.string() }) /* ours */ },
  { method: 'PUT', path: '/questions/:id', service: 'deck', auth: 'session', params: idParam,
    body: z.object({ question: z.string().optional(), deck: z.string().optional(), source: z.unknown().optional(), correctAnswerText: z.string().optional(), expectedAnswer: z.string().optional() }),
    response: questionSchema },
  { method: 'DELETE', path: '/questions/:id', service: 'deck', auth: 'session', params: idParam, response: ok },
  { method: 'POST', path: '/questions/:id/evaluate', service: 'deck', auth: 'session', params: idParam,
    body: z.object({ response: z.union([z.string(), z.number()]) }), response: z.object({ evaluation: evaluationSchema, question: questionSchema }) },
  { method: 'GET', path: '/cards/deck/:deckId', service: 'deck', auth: 'session', params: deckIdParam, response: z.object({ cards: z.array(cardSchema) }) },
  { method: 'POST', path: '/cards/:id/evaluate', service: 'deck', auth: 'session', params: idParam,
    body: z.object({ answer: z.string() }), response: z.object({ evaluation: evaluationSchema, card: cardSchema }) },
  { method: 'POST', path: '/cards/deck/:deckId/generate', service: 'deck', auth: 'session', params: deckIdParam,
    body: z.object({ count: z.number().int().min(1).max(100).default(10), focusInstructions: z.string().optional() }), response: ok.extend({ jobId: z.string() }) },

  // --- Chat (spec 02 §7) ---
  { method: 'POST', path: '/chat/retrieve-context', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), sourceIds: z.array(z.uuid()).optional(), query: z.string().min(1), topK: z.number().int().min(1).max(50).default(5), threshold: z.number().min(0).max(1).default(0.7), useHybridSearch: z.boolean().default(true), maxContextTokens: z.number().int().min(100).max(32_000).default(3000) }),
    response: ok.extend({ chunks: z.array(vectorContextChunkSchema), attribution: z.array(attributionSchema) }) },
  { method: 'POST', path: '/chat/enhance-query', service: 'chat', auth: 'session',
    body: z.object({ query: z.string().min(1), chatHistory: chatHistory.max(4).optional(), deckId: z.uuid() }), response: z.object({ enhancedQuery: z.string() }) },
  { method: 'POST', path: '/chat/check-vector-availability', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), sourceIds: z.array(z.uuid()).optional() }), response: z.object({ available: z.boolean() }) },
  { method: 'POST', path: '/chat/start', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), title: z.string().optional(), initialMessage: z.string().optional(), preview: z.boolean().optional() }), response: z.object({ chat: chatSchema }) },
  { method: 'GET', path: '/chat/:id', service: 'chat', auth: 'session', params: idParam, response: z.object({ chat: chatSchema }) },
  { method: 'GET', path: '/chat/deck/:deckId', service: 'chat', auth: 'session', params: deckIdParam, response: ok.extend({ chats: z.array(chatSchema) }) /* ours */ },
  { method: 'DELETE', path: '/chat/:id', service: 'chat', auth: 'session', params: idParam, response: ok },
  { method: 'PUT', path: '/chat/:chatId/message', service: 'chat', auth: 'session', params: z.object({ chatId: z.uuid() }),
    body: z.object({ messageIndex: z.number().int().min(0), content: z.string() }), response: z.object({ chat: chatSchema }) },
  { method: 'PUT', path: '/chat/deck/:deckId/system-messages', service: 'chat', auth: 'session', params: deckIdParam,
    body: z.object({ content: z.string() }), response: z.object({ updatedCount: z.number().int() }) },
  { method: 'POST', path: '/chat/message', service: 'chat', auth: 'session',
    body: z.object({ chatId: z.uuid(), message: z.string().min(1), vectorContext, preview: z.boolean().optional() }), response: z.object({ message: chatMessageSchema }) },
  { method: 'POST', path: '/chat/message/ephemeral', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), message: z.string().min(1), systemMessage: z.string().optional(), sourceIds: z.array(z.uuid()).optional(), vectorContext }),
    response: z.object({ message: chatMessageSchema }) },
  { method: 'POST', path: '/chat/stream/:chatId', service: 'chat', auth: 'session', params: z.object({ chatId: z.uuid() }),
    body: z.object({ message: z.string().min(1), vectorContext, model: z.string().optional() }), stream: true },
  { method: 'POST', path: '/chat/stream/ephemeral', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), message: z.string().min(1), systemMessage: z.string().optional(), sourceIds: z.array(z.uuid()).optional(), vectorContext }), stream: true },
  { method: 'POST', path: '/chat/flashcard/:cardId', service: 'chat', auth: 'session', params: z.object({ cardId: z.uuid() }),
    body: z.object({ message: z.string().min(1), chatHistory: chatHistory.optional() }), response: z.object({ response: z.string() }) },
  { method: 'POST', path: '/questions/conversation-prompts', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), context: z.object({ question: z.string().optional(), questionType: questionTypeSchema.optional(), userAnswer: z.string().optional(), evaluation: z.unknown().optional(), answerSubmitted: z.boolean().optional(), isCorrect: z.boolean().optional(), chatHistory: chatHistory.optional() }) }),
    response: prompts },
  { method: 'POST', path: '/sources/conversation-prompts', service: 'chat', auth: 'session',
    body: z.object({ deckId: z.uuid(), context: z.object({ sourceId: z.string().optional(), sourceTitle: z.string().optional(), sourceType: sourceTypeSchema.optional(), sourceContent: z.string().optional(), chatHistory: chatHistory.optional() }) }),
    response: prompts },

  // --- Payment (spec 01 §7) ---
  { method: 'POST', path: '/payment/create-checkout-session', service: 'billing', auth: 'user',
    body: z.object({ referralCode: z.string().optional() }), response: z.object({ checkoutUrl: z.string() }) },
  { method: 'POST', path: '/payment/create-billing-portal', service: 'billing', auth: 'user', response: z.object({ portalUrl: z.string() }) },
  { method: 'GET', path: '/payment/usage', service: 'billing', auth: 'user', response: ok.extend(usageStatsSchema.shape) },
  { method: 'POST', path: '/payment/check-usage-limit', service: 'billing', auth: 'session',
    body: z.object({ contentSizeMB: z.number().min(0) }), response: ok.extend({ allowed: z.boolean(), remainingMB: z.number().nullable() }) /* ours */ },
  { method: 'POST', path: '/payment/webhook', service: 'billing', auth: 'public', response: z.object({ received: z.boolean() }), addition: true },
];

/** The stream events of the chat calls (spec 02 §7). */
export const chatStreamEventSchemas = {
  chunk: z.object({ content: z.string() }),
  done: z.object({ fullResponse: z.string() }),
  error: z.object({ message: z.string() }),
};

export const findRoute = (method: string, path: string) => ROUTES.find((r) => r.method === method && r.path === path);
