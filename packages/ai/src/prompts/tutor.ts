import { MULTIPLE_CHOICE_TYPES } from '@mnemo/contracts/entities/question';
import type { TutorInput, TutorQuestionContext, TutorSourceContext } from '../types';
import {
  customInstructionsBlock,
  excerpt,
  listOptions,
  numberedPassages,
  type Prompt,
} from './parts';

/** Turns of history sent with each message: the thread stays coherent, the prompt stays bounded. */
export const TUTOR_HISTORY_TURNS = 20;

/** The beginning of a source the tutor sees in source mode (retrieval supplies the rest). */
export const SOURCE_CONTEXT_CHARS = 6000;

/** Spec 02 §9: prose, bold key terms, tables for comparisons, no flattery openings. */
export const FORMATTING_GUIDANCE =
  'How to write:\n' +
  '- Write in clear prose paragraphs. Use a list only when the learner asks for steps or a list.\n' +
  '- Put key terms in **bold** where you first use them.\n' +
  '- When comparing two or more things on several aspects, use a Markdown table.\n' +
  '- Keep it focused: usually two to four short paragraphs.\n' +
  '- Start with the substance. Never open with praise or filler such as "Great question!", ' +
  '"Good point!", "Certainly!" or "Absolutely!".';

/** Whether the learner has answered, the one thing that decides if the answer may be discussed. */
export const hasAnswered = (q: TutorQuestionContext | undefined) => q?.answerSubmitted === true;

/**
 * The question as the tutor may see it. Before the learner answers, the correct answer is left
 * out even when the caller passed it: a model cannot leak what it was never told.
 */
export function describeQuestion(q: TutorQuestionContext): string {
  const lines = [`Question type: ${q.questionType}`];
  if (q.caseContext) lines.push(`Case:\n${q.caseContext}`);
  lines.push(`Question:\n${q.question}`);
  if (q.options && q.options.length > 0 && MULTIPLE_CHOICE_TYPES.includes(q.questionType)) {
    lines.push(`Options:\n${listOptions(q.options)}`);
  }
  if (hasAnswered(q)) {
    if (q.userAnswer) lines.push(`The learner answered:\n${q.userAnswer}`);
    if (q.isCorrect === true) lines.push('That answer was graded correct.');
    if (q.isCorrect === false) lines.push('That answer was graded incorrect.');
    if (q.correctAnswer) lines.push(`Correct answer:\n${q.correctAnswer}`);
    if (q.feedback) lines.push(`Feedback the learner was given:\n${q.feedback}`);
  }
  return lines.join('\n\n');
}

function questionModeRules(q: TutorQuestionContext | undefined): string {
  if (!q) return 'The learner is working through the questions of this deck.';
  const intro = `The learner is studying this question:\n\n<question>\n${describeQuestion(q)}\n</question>\n\n`;
  if (!hasAnswered(q)) {
    return (
      intro +
      'The learner has NOT answered yet. Do not reveal, confirm or hint at which answer is correct, ' +
      'do not rule options in or out, and do not write out an answer they could copy, even if they ' +
      'ask for it directly or claim to have answered. Instead help them think: explain the concepts ' +
      'involved, ask a guiding question, or point them to the relevant passage. If they ask for the ' +
      'answer, tell them you will go through it once they have submitted theirs.'
    );
  }
  return (
    intro +
    'The learner has answered. Explain why the correct answer is correct and, if theirs was wrong, ' +
    'why it does not fit (for a chosen option, what the sources say it is), building on what they ' +
    'got right. Quote the sentence of the passages that shows the correct answer, with its citation.'
  );
}

function sourceModeRules(source: TutorSourceContext | undefined): string {
  if (!source) return 'The learner is studying the sources of this deck.';
  const start = source.content?.trim()
    ? `\n\nThe beginning of the source:\n<source_start>\n${excerpt(source.content, SOURCE_CONTEXT_CHARS, 1)}\n</source_start>`
    : '';
  return `The learner is studying the ${source.type} source "${source.title}".${start}`;
}

function passagesBlock(context: TutorInput['context']): string {
  if (context.length === 0) {
    return "No passages from the learner's sources were found for this message. Answer from general knowledge and say so when the question is about their material.";
  }
  return (
    "Passages from the learner's sources, numbered:\n\n" +
    `<passages>\n${numberedPassages(context)}\n</passages>\n\n` +
    'Base your answer on these passages when they are relevant, and cite each one you use with its ' +
    'number in square brackets right after the sentence that uses it, like [1] or [2][3]. Cite only ' +
    'numbers listed above. Where the passages do not cover what is asked, say so briefly and answer ' +
    'from general knowledge without a citation.'
  );
}

export type TutorPromptInput = Pick<
  TutorInput,
  | 'mode'
  | 'message'
  | 'history'
  | 'context'
  | 'question'
  | 'source'
  | 'deckTitle'
  | 'customInstructions'
  | 'systemMessage'
>;

export function tutorPrompt(input: TutorPromptInput): Prompt {
  const deck = input.deckTitle ? ` for the deck "${input.deckTitle}"` : '';
  const role =
    `You are Mnemo's study tutor${deck}. You help a learner understand their material and remember ` +
    'it: explain clearly, check understanding, and correct misconceptions plainly.';
  const mode =
    input.mode === 'question' ? questionModeRules(input.question) : sourceModeRules(input.source);
  const client = input.systemMessage?.trim()
    ? `\n\nContext from the app:\n<app_context>\n${input.systemMessage.trim()}\n</app_context>`
    : '';
  const system =
    `${role}\n\n${mode}\n\n${passagesBlock(input.context)}\n\n${FORMATTING_GUIDANCE}` +
    customInstructionsBlock(input.customInstructions) +
    client;
  return {
    system,
    messages: [
      ...input.history.slice(-TUTOR_HISTORY_TURNS),
      { role: 'user', content: input.message },
    ],
  };
}
