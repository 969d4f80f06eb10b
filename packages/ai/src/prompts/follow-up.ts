import { z } from 'zod';
import { DEFAULT_FOLLOW_UP_PROMPTS as DEFAULT_PROMPTS } from '@mnemo/contracts/api/prompts';
import type { ChatTurn, TutorMode, TutorQuestionContext, TutorSourceContext } from '../types';
import { transcript, type Prompt } from './parts';
import { describeQuestion, hasAnswered } from './tutor';

/** Spec 02 §9: the prompts of an empty chat, per mode (no model call is made for them). */
export const DEFAULT_FOLLOW_UP_PROMPTS: Record<TutorMode, readonly string[]> = DEFAULT_PROMPTS;

/** Turns of the conversation the suggestions are based on: the recent thread is what matters. */
export const FOLLOW_UP_HISTORY_TURNS = 6;

export const followUpAnswerSchema = z.object({
  prompts: z
    .array(z.string().describe("A prompt in the learner's voice, under 12 words."))
    .min(1)
    .max(6)
    .describe('4 prompts: elaboration, example, memory aid, next step or takeaway.'),
});

export type FollowUpPromptInput = {
  mode: TutorMode;
  history: readonly ChatTurn[];
  question?: TutorQuestionContext;
  source?: TutorSourceContext;
};

export function followUpPrompt(input: FollowUpPromptInput): Prompt {
  const about =
    input.mode === 'question' && input.question
      ? `They are studying this question:\n<question>\n${describeQuestion(input.question)}\n</question>\n\n`
      : input.mode === 'source' && input.source
        ? `They are studying the source "${input.source.title}".\n\n`
        : '';
  const noAnswer =
    input.mode === 'question' && !hasAnswered(input.question)
      ? ' The learner has not answered the question yet: no prompt may ask for the answer or whether an option is right.'
      : '';
  return {
    system:
      'You suggest what a learner might ask their study tutor next. Write 4 short prompts in the ' +
      "learner's own voice, each under 12 words and about the actual topic of the conversation " +
      '(name it; no generic "Tell me more"): one asking to elaborate on something just discussed, ' +
      'one asking for a concrete example, one asking for a memory aid such as a mnemonic or ' +
      'analogy, and one about the next step or the key takeaway. Write them in the language of ' +
      'the conversation and the material studied, as the learner would ask.' +
      noAnswer,
    messages: [
      {
        role: 'user',
        content: `${about}The conversation so far:\n\n${transcript(input.history.slice(-FOLLOW_UP_HISTORY_TURNS), 1200)}`,
      },
    ],
  };
}
