import { DEFAULT_FOLLOW_UP_PROMPTS, followUpDefaultsIn } from '@mnemo/contracts/api/prompts';
import type { QuestionPromptsBody, SourcePromptsBody } from '@mnemo/contracts/api/prompts';
import type { ChatQuestion } from '@mnemo/contracts/api/chat';
import {
  CHAT_HISTORY_MAX,
  CHAT_MESSAGE_MAX,
  type ChatHistory,
} from '@mnemo/contracts/entities/chat';
import type { ChatContext, ChatMode } from '../../lib/chat-types';

/** Spec 02 §9: query enhancement sees the last 4 messages. */
export const ENHANCE_HISTORY = 4;
/** History sent for follow-up prompts and hints: the server reads only the recent turns anyway. */
const PROMPT_HISTORY = 20;
/** How much of a source's text the prompts call and the system message carry. */
const SOURCE_TEXT_CHARS = 6000;
/** Turns of a temporary chat sent with each ephemeral call. */
const EPHEMERAL_TURNS = 12;

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

/** Visible messages as the contract's chat history: role and content, each within the limits. */
export function toHistory(
  messages: readonly Message[],
  last: number = CHAT_HISTORY_MAX,
): ChatHistory {
  return messages
    .filter((m) => m.role !== 'system' && m.content.trim() !== '')
    .slice(-Math.min(last, CHAT_HISTORY_MAX))
    .map((m) => ({ role: m.role, content: m.content.slice(0, CHAT_MESSAGE_MAX) }));
}

/**
 * The empty chat's follow-up prompts of spec 02 §9 for the mode, in the studied sources' language
 * where the tutor writes it (issue 21), else the spec's English ones.
 */
export function defaultPrompts(mode: ChatMode, language: string | null = null): string[] {
  return [...followUpDefaultsIn(mode, language)];
}

/** The hint prompt of question mode, answered through the flashcard call (spec 02 §7). */
export const HINT_PROMPT = DEFAULT_FOLLOW_UP_PROMPTS.question[3];

/** Whether a message is the hint prompt of question mode, in English or the language studied. */
export function isHintPrompt(content: string, language: string | null = null): boolean {
  return content === HINT_PROMPT || content === followUpDefaultsIn('question', language)[3];
}

/** Prompts from the call, or the defaults when it answered none (spec 02 §8). */
export function promptsOrDefaults(
  mode: ChatMode,
  prompts: readonly string[] | null,
  language: string | null = null,
): string[] {
  const usable = (prompts ?? []).map((p) => p.trim()).filter((p) => p !== '');
  return usable.length > 0 ? usable : defaultPrompts(mode, language);
}

function evaluationRecord(evaluation: unknown): Record<string, unknown> | null {
  return typeof evaluation === 'object' && evaluation !== null && !Array.isArray(evaluation)
    ? (evaluation as Record<string, unknown>)
    : null;
}

/** The body of the conversation-prompts call of the chat's mode. */
export function promptsRequest(
  context: ChatContext,
  history: ChatHistory,
): { kind: 'question'; body: QuestionPromptsBody } | { kind: 'source'; body: SourcePromptsBody } {
  const chatHistory = history.slice(-PROMPT_HISTORY);
  if (context.type === 'question') {
    return {
      kind: 'question',
      body: {
        deckId: context.deckId,
        context: {
          question: context.currentQuestion?.question ?? null,
          questionType: context.questionType ?? context.currentQuestion?.questionType ?? null,
          userAnswer: context.userAnswer,
          evaluation: evaluationRecord(context.evaluation),
          answerSubmitted: context.answerSubmitted,
          isCorrect: context.isCorrect,
          chatHistory,
          language: context.language ?? null,
        },
      },
    };
  }
  const source = context.activeSource;
  const text =
    (context.sourceContent ?? source?.content ?? null)?.slice(0, SOURCE_TEXT_CHARS) ?? null;
  return {
    kind: 'source',
    body: {
      deckId: context.deckId,
      context: {
        sourceId: source?._id ?? null,
        sourceTitle: source?.title ?? null,
        sourceType: source?.type ?? null,
        sourceContent: text,
        chatHistory,
        language: context.language ?? null,
      },
    },
  };
}

function describeContext(context: ChatContext): string {
  if (context.type === 'question') {
    const q = context.currentQuestion;
    if (!q) return 'The learner is working through the questions of this deck.';
    const lines = [`The learner is studying this question (${q.questionType}):`];
    if (q.caseContext) lines.push(`Case: ${q.caseContext}`);
    lines.push(`Question: ${q.question}`);
    if (q.options && q.options.length > 0) {
      lines.push(
        `Options:\n${q.options.map((o, i) => `${String.fromCharCode(65 + i)}. ${o}`).join('\n')}`,
      );
    }
    if (!context.answerSubmitted) {
      lines.push('The learner has not submitted an answer yet.');
    } else {
      if (context.userAnswer) lines.push(`The learner answered: ${context.userAnswer}`);
      if (context.isCorrect !== null) {
        lines.push(`That answer was graded ${context.isCorrect ? 'correct' : 'incorrect'}.`);
      }
      const evaluation = evaluationRecord(context.evaluation);
      const feedback = evaluation?.feedback ?? evaluationRecord(evaluation?.freeResponse)?.feedback;
      if (typeof feedback === 'string' && feedback.trim() !== '')
        lines.push(`Feedback given: ${feedback}`);
    }
    return lines.join('\n');
  }
  const source = context.activeSource;
  if (!source) return "The learner is studying this deck's sources.";
  const text = (context.sourceContent ?? source.content ?? '').trim();
  const start = text ? `\nThe beginning of the source:\n${text.slice(0, SOURCE_TEXT_CHARS)}` : '';
  return `The learner is studying the ${source.type} source "${source.title}".${start}`;
}

/**
 * The question being studied as a chat message carries it (issue 21): the service reads the
 * question from the deck and gives the tutor the learner's answer and its evaluation, so "Explain
 * the answer" is answered about this question. None outside question mode or between questions.
 */
export function questionOf(context: ChatContext): ChatQuestion | undefined {
  if (context.type !== 'question' || !context.currentQuestion) return undefined;
  const evaluation = evaluationRecord(context.evaluation);
  const feedback = evaluation?.feedback ?? evaluationRecord(evaluation?.freeResponse)?.feedback;
  return {
    questionId: context.currentQuestion._id,
    answerSubmitted: context.answerSubmitted,
    ...(context.answerSubmitted
      ? {
          userAnswer: context.userAnswer?.slice(0, CHAT_MESSAGE_MAX) ?? null,
          isCorrect: context.isCorrect,
          ...(typeof feedback === 'string' && feedback.trim() !== ''
            ? { feedback: feedback.slice(0, CHAT_MESSAGE_MAX) }
            : {}),
        }
      : {}),
  };
}

/**
 * What the ephemeral calls carry about a temporary chat: the system message (what the learner is
 * looking at), the chat's mode, its recent turns as the chat service's `chatHistory`, so a
 * follow-up question ("and why?") is answered with the turns before it, and the question studied.
 */
export function ephemeralContext(
  context: ChatContext,
  earlier: readonly Message[],
): { systemMessage: string; mode: ChatMode; chatHistory: ChatHistory; question?: ChatQuestion } {
  const question = questionOf(context);
  return {
    systemMessage: describeContext(context).slice(0, CHAT_MESSAGE_MAX),
    mode: context.type,
    chatHistory: toHistory(earlier, EPHEMERAL_TURNS),
    ...(question ? { question } : {}),
  };
}
