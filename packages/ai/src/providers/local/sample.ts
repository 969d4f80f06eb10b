/** Texts longer than this are analysed through a sample: about 20 pages, more than any web fixture. */
export const ANALYSIS_MAX_CHARS = 60_000;

/**
 * At most `maxChars` of a long text for the offline summary and key points, in whole paragraphs (or
 * whole sentences of an overlong one) taken from `windows` evenly spaced places, in order: a book's
 * summary still draws on its beginning, middle and end, and analysing it costs what a long article
 * does. Analysis and centrality grow with the text, and a 100-page PDF took seconds; the LLM
 * providers cut their prompts the same way (prompts/parts.ts `excerpt`). Shorter texts pass unchanged.
 */
export function sampleForAnalysis(
  text: string,
  maxChars = ANALYSIS_MAX_CHARS,
  windows = 8,
): string {
  if (text.length <= maxChars) return text;
  const budget = Math.floor(maxChars / windows);
  // Units small enough to fill a window with: paragraphs, an overlong one split into its sentences.
  const units = text
    .split(/\n[ \t]*\n/)
    .flatMap((p) => (p.length > budget / 2 ? p.split(/(?<=[.!?]["”’)]?)\s+/u) : [p]))
    .map((u) => u.trim())
    .filter((u) => u.length > 0);
  const picked: string[] = [];
  for (let w = 0; w < windows; w++) {
    const end = Math.floor(((w + 1) * units.length) / windows);
    let used = 0;
    for (let i = Math.floor((w * units.length) / windows); i < end; i++) {
      const unit = units[i]!;
      if (used + unit.length > budget) {
        // A unit with no sentence end at all (a transcript without punctuation) is cut to fit.
        if (used === 0) picked.push(unit.slice(0, budget));
        break;
      }
      picked.push(unit);
      used += unit.length + 2;
    }
  }
  return picked.join('\n\n');
}
