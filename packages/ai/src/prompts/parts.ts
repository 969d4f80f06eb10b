import type { ChatTurn, TextChunk } from '../types';

/** What every prompt builder returns: the system prompt and the turns, ready for a ChatModel. */
export type Prompt = { system: string; messages: ChatTurn[] };

/**
 * At most `maxChars` of a long text, as evenly spaced windows marked with […], so a summary of a
 * book still sees its beginning, middle and end instead of only the first chapters.
 */
export function excerpt(text: string, maxChars: number, windows = 6): string {
  const clean = text.trim();
  if (clean.length <= maxChars) return clean;
  if (windows <= 1) return `${clean.slice(0, maxChars).trim()}\n[…]`;
  const size = Math.floor(maxChars / windows);
  const step = (clean.length - size) / (windows - 1);
  const parts: string[] = [];
  for (let i = 0; i < windows; i++) {
    const start = Math.round(i * step);
    parts.push(clean.slice(start, start + size).trim());
  }
  return parts.join('\n[…]\n');
}

/** Passages numbered from 1 in the order given, the numbers the model refers back to. */
export function numberedPassages(
  chunks: readonly Pick<TextChunk, 'sourceTitle' | 'content'>[],
): string {
  return chunks
    .map((c, i) => `[${i + 1}] (from "${c.sourceTitle}")\n${c.content.trim()}`)
    .join('\n\n');
}

/**
 * The deck owner's custom instructions. They shape tone and emphasis but cannot lift our rules
 * (never revealing answers early, the JSON shape), hence the framing.
 */
export function customInstructionsBlock(instructions: string | null | undefined): string {
  const text = instructions?.trim();
  if (!text) return '';
  return `\n\nThe owner of this deck gave these instructions. Follow them unless they conflict with the rules above:\n<deck_instructions>\n${text}\n</deck_instructions>`;
}

/** Option letters as the learner sees them (spec 02 §9: letters start at A). */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

export const listOptions = (options: readonly string[]) =>
  options.map((o, i) => `${optionLetter(i)}. ${o}`).join('\n');

/** A conversation as quoted text, for prompts that reason about it rather than continue it. */
export function transcript(turns: readonly ChatTurn[], maxCharsPerTurn = 1500): string {
  return turns
    .map((t) => {
      const content =
        t.content.length > maxCharsPerTurn ? `${t.content.slice(0, maxCharsPerTurn)}…` : t.content;
      return `${t.role === 'user' ? 'Learner' : 'Tutor'}: ${content.trim()}`;
    })
    .join('\n\n');
}
