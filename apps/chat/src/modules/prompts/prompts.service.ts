import type { z } from 'zod';
import { PROMPTS_MAX, type questionPromptsBodySchema, type sourcePromptsBodySchema } from '@mnemo/contracts/api/prompts';
import type { FollowUpInput, StudyAi, TutorMode, TutorQuestionContext, TutorSourceContext } from '@mnemo/ai/types';
import { defaultFollowUpPrompts } from '@mnemo/ai/providers/local';
import type { Owner } from '@mnemo/db/owner';
import type { DeckAccessChecker } from '../access/deck-access';
import { toTurns } from '../chats/tutor-input';

type QuestionBody = z.output<typeof questionPromptsBodySchema>;
type SourceBody = z.output<typeof sourcePromptsBodySchema>;
type Log = { warn: (obj: Record<string, unknown>, msg?: string) => void };

/**
 * Follow-up prompts (spec 02 §9): the defaults of the mode while the chat is empty; afterwards the
 * AI's suggestions, or the defaults again when the AI fails or suggests nothing usable (the spec's
 * client falls back to them too, so a failure here is never an error answer). The defaults are in
 * the language of the question or source studied (issue 21: the sources' stored language when the
 * web sends it, else told from the question's or source's text), written without a model call.
 */
export function createPromptsService(deps: { access: Pick<DeckAccessChecker, 'forDeck'>; study: Pick<StudyAi, 'followUpPrompts'> }) {
  const { access, study } = deps;

  async function prompts(mode: TutorMode, input: FollowUpInput, log: Log): Promise<string[]> {
    const defaults = defaultFollowUpPrompts(input);
    if (input.history.length === 0) return defaults;
    try {
      const suggested = (await study.followUpPrompts(input))
        .map((p) => p.trim())
        .filter((p, i, all) => p !== '' && all.indexOf(p) === i)
        .slice(0, PROMPTS_MAX);
      return suggested.length > 0 ? suggested : defaults;
    } catch (err) {
      log.warn({ err }, 'follow-up prompts failed; answering the defaults');
      return defaults;
    }
  }

  return {
    async forQuestion(owner: Owner, body: QuestionBody, log: Log): Promise<string[]> {
      const deck = await access.forDeck(owner, body.deckId);
      const c = body.context;
      const text = typeof c.question === 'string' ? c.question : c.question?.question;
      // The feedback shown after an answer is in the question's language (issue 21).
      const feedback = typeof c.evaluation?.feedback === 'string' ? c.evaluation.feedback : null;
      const question: TutorQuestionContext | undefined = text?.trim()
        ? {
            question: text,
            questionType: c.questionType ?? 'free_response',
            answerSubmitted: c.answerSubmitted === true,
            isCorrect: c.isCorrect ?? null,
            userAnswer: c.userAnswer === null || c.userAnswer === undefined ? null : String(c.userAnswer),
            feedback,
          }
        : undefined;
      const history = toTurns(c.chatHistory ?? []);
      return prompts(
        'question',
        { mode: 'question', history, deckTitle: deck.title, language: c.language ?? null, ...(question ? { question } : {}) },
        log,
      );
    },

    async forSource(owner: Owner, body: SourceBody, log: Log): Promise<string[]> {
      const deck = await access.forDeck(owner, body.deckId);
      const c = body.context;
      const source: TutorSourceContext | undefined =
        c.sourceTitle?.trim() || c.sourceContent?.trim()
          ? {
              sourceId: c.sourceId ?? '',
              title: c.sourceTitle?.trim() || 'this source',
              type: c.sourceType ?? 'document',
              content: c.sourceContent ?? null,
            }
          : undefined;
      const history = toTurns(c.chatHistory ?? []);
      return prompts(
        'source',
        { mode: 'source', history, deckTitle: deck.title, language: c.language ?? null, ...(source ? { source } : {}) },
        log,
      );
    },
  };
}
export type PromptsService = ReturnType<typeof createPromptsService>;
