/**
 * Token estimate of spec 02 §9 ("about 0.75 tokens per word"), read as 0.75 *words* per token,
 * i.e. tokens = words / 0.75: the usual rule for English with BPE tokenizers (~1.33 tokens a word),
 * and the reading that keeps a budget honest (the literal reading would fit 4000 words, ~5300 real
 * tokens, in a 3000-token budget). The worker sizes chunks with it and chat packs the retrieval
 * budget with it, so both sides count alike.
 */
export const WORDS_PER_TOKEN = 0.75;

/** Tokens of a text of `words` words. */
export const tokensForWords = (words: number) => Math.ceil(words / WORDS_PER_TOKEN);

/** The whitespace-separated words of a text. */
export const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** Tokens of a text, by its words. */
export const estimateTokens = (text: string) => tokensForWords(wordsOf(text).length);
