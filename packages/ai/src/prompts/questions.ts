import { z } from 'zod';
import { QUESTION_TYPES, type QuestionType } from '@mnemo/contracts/entities/question';
import type { TextChunk } from '../types';
import { detectLanguage, languageName } from '../language';
import { customInstructionsBlock, numberedPassages, type Prompt } from './parts';

/**
 * One generated question as the model writes it. Types are strict (a wrong type costs a repair
 * call) but the fields that depend on the question type are optional: the per-question rules
 * (four distinct options, an answer index in range, a real passage number) are checked one
 * question at a time, so a single bad question is dropped instead of failing its whole batch.
 */
export const questionDraftSchema = z.object({
  type: z.enum(QUESTION_TYPES),
  // Plain numbers: bounds in the schema would fail the whole batch over one question; the
  // per-question check drops a question whose number or index is off.
  chunk: z.number().describe('The number n of the passage [n] the question is based on.'),
  caseContext: z
    .string()
    .nullish()
    .describe(
      'Case types only: a short realistic scenario (2-5 sentences) the question is about. Otherwise null.',
    ),
  question: z.string(),
  options: z
    .array(z.string())
    .nullish()
    .describe(
      'Multiple-choice types only: exactly 4 distinct options, without letters. Otherwise null.',
    ),
  correctOptionIndex: z
    .number()
    .nullish()
    .describe(
      'Multiple-choice types only: the 0-based index (0-3) of the correct option. Otherwise null.',
    ),
  expectedAnswer: z
    .string()
    .nullish()
    .describe('Free-response types only: a model answer of 1-4 sentences. Otherwise null.'),
  concepts: z
    .array(z.string())
    .nullish()
    .describe(
      'One to three key concepts of the material the question tests, each a short noun phrase (1-4 words).',
    ),
});
export type QuestionDraft = z.infer<typeof questionDraftSchema>;

export const questionBatchSchema = z.object({ questions: z.array(questionDraftSchema) });

const TYPE_GUIDE: Record<QuestionType, string> = {
  multiple_choice:
    'multiple_choice: a question with exactly 4 options, one of them correct. Wrong options are plausible to someone who has not understood the passage, similar in length and style to the correct one; no "all of the above" or "none of the above".',
  free_response:
    'free_response: an open question answered in a few sentences, testing understanding rather than recall of a phrase. expectedAnswer is a model answer of 1-4 sentences.',
  case_multiple_choice:
    'case_multiple_choice: caseContext is a short realistic scenario (2-5 sentences, new names and details) in which the idea of the passage applies; the question asks the learner to apply the idea to the scenario; exactly 4 options as for multiple_choice.',
  case_free_response:
    'case_free_response: caseContext is a short realistic scenario as for case_multiple_choice; the question asks the learner to analyse it in a few sentences; expectedAnswer is a model answer of 1-4 sentences.',
};

export type QuestionsPromptInput = {
  /** The passages of this call, numbered from 1 in this order. */
  passages: readonly TextChunk[];
  /** How many questions of each type this call asks for. */
  counts: Partial<Record<QuestionType, number>>;
  focusInstructions?: string | null;
  customInstructions?: string | null;
  /** Questions that already exist, not to be asked again. */
  avoid?: readonly string[];
};

/** The most existing questions quoted back to the model; enough to steer it, short enough to pay for. */
export const AVOID_LIMIT = 60;

/**
 * The passages' language named for the model (detected as the ingest worker detects a source's), so
 * a German source gets German questions even when the instructions around it are English.
 */
function languageLine(passages: readonly TextChunk[]): string {
  const language = detectLanguage(passages.map((p) => p.content).join('\n\n'));
  if (!language) return '';
  const name = languageName(language);
  return ` The passages are in ${name}: write the questions, options, answers and case contexts in ${name}.`;
}

export function questionsPrompt(input: QuestionsPromptInput): Prompt {
  const wanted = QUESTION_TYPES.filter((t) => (input.counts[t] ?? 0) > 0);
  const total = wanted.reduce((n, t) => n + (input.counts[t] ?? 0), 0);
  const focus = input.focusInstructions?.trim();
  const avoid = (input.avoid ?? []).slice(-AVOID_LIMIT);

  const system =
    "You write study questions that test understanding of the learner's own material. Every " +
    'question is answerable from one numbered passage, names that passage\'s number in "chunk", and ' +
    'is self-contained: a learner who sees only the question (and its caseContext) knows what is ' +
    'asked, so never write "according to the passage" or "in the text". Prefer the important ideas ' +
    'over trivia, spread the questions over the passages, and never ask the same thing twice. Write ' +
    'in the language of the passages.' +
    languageLine(input.passages) +
    '\n\nQuestion types:\n' +
    wanted.map((t) => `- ${TYPE_GUIDE[t]}`).join('\n') +
    customInstructionsBlock(input.customInstructions);

  const user =
    `Write ${total} question${total === 1 ? '' : 's'}: ` +
    wanted.map((t) => `${input.counts[t]} ${t}`).join(', ') +
    '.' +
    (focus ? `\n\nThe learner asks you to focus on: ${focus}` : '') +
    (avoid.length > 0
      ? `\n\nThese questions already exist; do not repeat them or ask the same thing in other words:\n${avoid.map((q) => `- ${q}`).join('\n')}`
      : '') +
    `\n\nPassages:\n\n${numberedPassages(input.passages)}`;

  return { system, messages: [{ role: 'user', content: user }] };
}
