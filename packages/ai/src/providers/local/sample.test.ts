import { describe, expect, it } from 'vitest';
import { webFixtureNames, webFixtureText } from './fixture-text';
import { createLocalStudyAi } from './index';
import { ANALYSIS_MAX_CHARS, sampleForAnalysis } from './sample';

const book = () => {
  // About 480,000 characters: the fixtures one after another, as a long document's chapters.
  const chapters = webFixtureNames().map((n) => webFixtureText(n).text);
  return Array.from({ length: 3 }, () => chapters)
    .flat()
    .join('\n\n');
};

// Real pages through Readability on a shared machine: a generous limit, nothing timed.
describe('sampleForAnalysis', { timeout: 60_000 }, () => {
  it('leaves every web fixture as it is', () => {
    for (const name of webFixtureNames()) {
      const { text } = webFixtureText(name);
      expect(sampleForAnalysis(text)).toBe(text);
    }
  });

  it('cuts a long text to whole paragraphs of it, in order, from its beginning, middle and end', () => {
    const text = book();
    const sample = sampleForAnalysis(text);
    expect(sample.length).toBeLessThanOrEqual(ANALYSIS_MAX_CHARS);
    expect(sample.length).toBeGreaterThan(ANALYSIS_MAX_CHARS / 2);
    const paragraphs = sample.split('\n\n');
    let at = -1;
    for (const p of paragraphs) {
      const found = text.indexOf(p, at + 1);
      expect(found, `not in the text, or out of order: ${p.slice(0, 80)}`).toBeGreaterThan(at);
      at = found;
    }
    const first = text.indexOf(paragraphs[0]!);
    const last = text.lastIndexOf(paragraphs.at(-1)!);
    expect(first).toBeLessThan(text.length * 0.05);
    expect(last).toBeGreaterThan(text.length * 0.85);
  });

  it('splits a long text without paragraphs at its sentences', () => {
    const sentence = 'Cells divide by mitosis and the daughter cells carry the same chromosomes. ';
    const text = sentence.repeat(2_000);
    const sample = sampleForAnalysis(text, 10_000);
    expect(sample.length).toBeLessThanOrEqual(10_000);
    for (const s of sample.split('\n\n')) expect(s).toBe(sentence.trim());
  });

  it('gives a long document a summary of its own sentences, in order', async () => {
    // The chapters once (about 170,000 characters): the book above repeats them, which the filler
    // rule rightly reads as a text repeating itself (filler.ts) and refuses.
    const text = webFixtureNames()
      .map((n) => webFixtureText(n).text)
      .join('\n\n');
    expect(text.length).toBeGreaterThan(2 * ANALYSIS_MAX_CHARS);
    const summary = await createLocalStudyAi().summarize({ title: 'Readings', text });
    const sentences = summary.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\d])/u);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    const flat = text.replace(/\s+/g, ' ');
    for (const s of sentences) expect(flat).toContain(s);
  });
});
