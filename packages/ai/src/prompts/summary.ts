import { excerpt, type Prompt } from './parts';

/** About 10k tokens of source: enough for a faithful summary, small enough for local models. */
export const SOURCE_PROMPT_CHARS = 40_000;

export function summaryPrompt(input: { title: string; text: string }): Prompt {
  return {
    system:
      'You summarise study material for a learner. Write one or two short paragraphs of prose ' +
      "(4 to 8 sentences). Open with the source's main point or finding in one sentence, then " +
      'cover the other main ideas in the order the source presents them, in whole sentences. ' +
      'Write in the language of the source. ' +
      'State the ideas themselves ("Photosynthesis turns light into chemical energy…"), not what the ' +
      'text does ("This article discusses…"). Use only what the source says. No heading, no lists, ' +
      'no preamble: answer with the summary alone.',
    messages: [
      {
        role: 'user',
        content: `Summarise this source.\n\nTitle: ${input.title}\n\n<source>\n${excerpt(input.text, SOURCE_PROMPT_CHARS)}\n</source>`,
      },
    ],
  };
}
