import { z } from 'zod';
import { excerpt, type Prompt } from './parts';
import { SOURCE_PROMPT_CHARS } from './summary';

export const KEY_POINTS_MAX = 10;

/** The answer: key points of the form "Key term: the sentence that explains it." */
export const keyPointsAnswerSchema = z.object({
  keyPoints: z
    .array(
      z
        .string()
        .regex(
          /^[^:\n]{1,80}:\s*\S/,
          'each key point is "Key term: the sentence that explains it."',
        )
        .describe('"Key term: one sentence that explains it."'),
    )
    .min(1)
    // A little slack over the 10 asked for: trimming an extra point beats a repair call.
    .max(KEY_POINTS_MAX + 2),
});

export function keyPointsPrompt(input: { title: string; text: string }): Prompt {
  return {
    system:
      'You pick out the key concepts of study material for a learner. Give 3 to 10 key points, ' +
      'fewer for a short source, in the order the source presents them. Each key point names a key ' +
      "term or concept, then a colon, then one sentence that explains it in the source's sense, e.g. " +
      '"Osmosis: water moves through a membrane toward the side with more dissolved particles." ' +
      'A key term is a real term of the subject, often several words ("bounded evidence ' +
      'accumulation"), never a filler word, a page label or a name of the page itself. Write in the ' +
      'language of the source. Use only what the source says; no markdown.',
    messages: [
      {
        role: 'user',
        content: `List the key points of this source.\n\nTitle: ${input.title}\n\n<source>\n${excerpt(input.text, SOURCE_PROMPT_CHARS)}\n</source>`,
      },
    ],
  };
}
