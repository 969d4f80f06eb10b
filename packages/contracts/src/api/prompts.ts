import { z } from 'zod';
import { idSchema, successFlag } from '../common';
import { chatHistorySchema } from '../entities/chat';
import { questionTypeSchema } from '../entities/question';
import { sourceTypeSchema } from '../entities/source';

/**
 * Follow-up prompts of spec 02 §7. Their paths sit under /questions and /sources but the chat
 * service answers them. Every context field may be missing: the server falls back to generic prompts.
 */

export const PROMPTS_MAX = 10;

/**
 * Spec 02 §9: the follow-up prompts of an empty chat, per mode. One copy for the AI layer (which
 * answers them without a model call) and the web panel (which shows them when the call fails or
 * answers nothing).
 */
export const DEFAULT_FOLLOW_UP_PROMPTS = {
  question: [
    "Explain it to me like I'm 5 years old",
    'Give me an analogy',
    'What are some related topics I should study?',
    'Can you give me a hint for this question?',
  ],
  source: [
    "Explain it like I'm 5 years old",
    'Give me an analogy',
    'What are some practical applications of this information?',
    'How does this relate to other topics in this field?',
  ],
} as const satisfies Record<'question' | 'source', readonly string[]>;
export const promptsResponseSchema = z.object({
  success: successFlag,
  prompts: z.array(z.string()).max(PROMPTS_MAX),
});
export type PromptsResponse = z.output<typeof promptsResponseSchema>;

export const questionPromptsBodySchema = z.object({
  deckId: idSchema,
  context: z.object({
    /** The question's text, or the question itself (its `question` field is read). */
    question: z
      .union([z.string().max(20_000), z.object({ question: z.string().max(20_000) })])
      .nullish(),
    questionType: questionTypeSchema.nullish(),
    userAnswer: z.union([z.string().max(20_000), z.number()]).nullish(),
    /** The evaluation as the evaluate call answered it; read loosely. */
    evaluation: z.record(z.string(), z.unknown()).nullish(),
    answerSubmitted: z.boolean().nullish(),
    isCorrect: z.boolean().nullish(),
    chatHistory: chatHistorySchema.optional(),
  }),
});
export type QuestionPromptsBody = z.input<typeof questionPromptsBodySchema>;

/** Source text beyond this is not needed to suggest prompts; longer bodies are refused. */
export const SOURCE_CONTENT_MAX = 200_000;
export const sourcePromptsBodySchema = z.object({
  deckId: idSchema,
  context: z.object({
    sourceId: idSchema.nullish(),
    sourceTitle: z.string().max(500).nullish(),
    sourceType: sourceTypeSchema.nullish(),
    sourceContent: z.string().max(SOURCE_CONTENT_MAX).nullish(),
    chatHistory: chatHistorySchema.optional(),
  }),
});
export type SourcePromptsBody = z.input<typeof sourcePromptsBodySchema>;
