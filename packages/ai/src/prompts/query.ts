import type { ChatTurn } from '../types';
import { transcript, type Prompt } from './parts';

/** Spec 02 §7, §9: query enhancement sees the last four messages. */
export const ENHANCE_QUERY_HISTORY = 4;

export function enhanceQueryPrompt(input: { query: string; history: readonly ChatTurn[] }): Prompt {
  const history = input.history.slice(-ENHANCE_QUERY_HISTORY);
  return {
    system:
      "You turn a learner's latest chat message into a standalone search query for finding passages " +
      'in their study material. Use the conversation only to resolve references ("it", "that ' +
      'process", "the second one") and to name the topic. Keep the learner\'s key terms, add no ' +
      'facts, and do not answer the question. Reply with the query alone on one line, at most 30 ' +
      'words, without quotes.',
    messages: [
      {
        role: 'user',
        content:
          (history.length > 0 ? `Conversation:\n${transcript(history, 800)}\n\n` : '') +
          `Latest message:\n${input.query}\n\nStandalone search query:`,
      },
    ],
  };
}
