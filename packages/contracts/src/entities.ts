import { z } from 'zod';
import { processingStatusSchema } from './progress';

/**
 * The entities of both spec documents (§3) as the API shows them. Ids are UUIDs named `_id`, dates
 * ISO strings. Answers may carry more fields than listed (additions), never fewer.
 */
export const QUESTION_TYPES = ['multiple_choice', 'free_response', 'case_multiple_choice', 'case_free_response'] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;
export const deckLengthSchema = z.enum(['short', 'medium', 'long']);
export const sourceTypeSchema = z.enum(['website', 'youtube', 'document']);
export const subscriptionStatusSchema = z.enum(['active', 'trialing', 'past_due', 'canceled', 'free']);

const id = z.string();
const date = z.string();

export const userSchema = z.object({ _id: id, email: z.string(), firstName: z.string() });

export const spaceSchema = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  /** Ids of the space's decks, newest first. */
  decks: z.array(z.union([id, z.object({ _id: id }).loose()])),
  createdAt: date.optional(),
  updatedAt: date.optional(),
});

export const sourceSchema = z.object({
  _id: id,
  type: sourceTypeSchema,
  url: z.string().nullish(),
  title: z.string().max(50),
  originalFilename: z.string().nullish(),
  filename: z.string().nullish(),
  storageRef: z.string().nullish(),
  downloadUrl: z.string().nullish(),
  contentType: z.string().nullish(),
  sizeInBytes: z.number().nullish(),
  summary: z.string().nullish(),
  keyPoints: z.array(z.string()).default([]),
  content: z.string().nullish(),
  processingStatus: processingStatusSchema,
});

export const accessSchema = z.object({ canView: z.boolean(), canEdit: z.boolean(), isOwner: z.boolean() });

export const deckSchema = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  sources: z.array(sourceSchema),
  cards: z.array(z.unknown()),
  createdAt: date,
  publishedAt: date.nullable(),
  isPublished: z.boolean(),
  publishedAnonymously: z.boolean(),
  owner: id.nullable(),
  ownerName: z.string().nullable(),
  studySpace: id.nullable(),
  focusInstructions: z.string().nullable(),
  systemPrompt: z.string().max(2000).nullable(),
  ...accessSchema.shape,
});

export const questionSchema = z.object({
  _id: id,
  deck: id,
  question: z.string(),
  questionType: questionTypeSchema,
  options: z.array(z.string()),
  correctAnswerIndex: z.number().int().nullable(),
  correctAnswerText: z.string().nullable(),
  expectedAnswer: z.string().nullable(),
  caseContext: z.string().nullable(),
  source: z.object({ sourceId: id, type: sourceTypeSchema, title: z.string() }).nullable(),
  answer: z.string().nullable(),
});

export const cardSchema = z.object({ _id: id, front: z.string(), back: z.string(), deckId: id, source: z.unknown().nullable() });

export const freeResponseEvaluationSchema = z.object({
  accuracy: z.number().min(0).max(10),
  clarity: z.number().min(0).max(10),
  depth: z.number().min(0).max(10),
  feedback: z.string(),
  stoplight: z.enum(['green', 'yellow', 'red']),
});
export const evaluationSchema = z.object({
  multipleChoice: z.object({ isCorrect: z.boolean() }).optional(),
  freeResponse: freeResponseEvaluationSchema.optional(),
});

export const chatMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string(), timestamp: date });
export const chatSchema = z.object({
  _id: id,
  title: z.string(),
  deckId: id.optional(),
  messages: z.array(chatMessageSchema),
  createdAt: date,
  updatedAt: date,
  isPreview: z.boolean(),
});

export const vectorContextChunkSchema = z.object({ content: z.string(), score: z.number(), sourceId: id, sourceTitle: z.string() });
export const attributionSchema = z.object({ sourceId: id, title: z.string(), chunkIndexes: z.array(z.number().int()) });

export const deckSizeSchema = z.object({
  currentSizeMB: z.number(),
  maxSizeMB: z.number(),
  usagePercentage: z.number(),
  remainingMB: z.number(),
});

export const publishedDeckCardSchema = z.object({
  _id: id,
  title: z.string(),
  createdAt: date,
  publishedAt: date.nullable(),
  cardCount: z.number().int(),
  sources: z.array(z.unknown()),
  publishedAnonymously: z.boolean(),
  ownerName: z.string().nullable(),
});

export const usageStatsSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscriptionStatus: z.union([subscriptionStatusSchema, z.string()]),
  currentUsageMB: z.number(),
  /** null: unlimited (JSON has no Infinity). */
  limitMB: z.number().nullable(),
  remainingMB: z.number().nullable(),
  usagePercentage: z.number(),
  resetDate: date,
});
