import { describe, expect, it } from 'vitest';
import { cleanText } from './document';
import { webFixtureText } from './fixture-text';
import { createLocalStudyAi } from './index';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const ai = createLocalStudyAi();
// Sentences are quoted without citation markers and with single spaces; compare likewise.
const flat = (text: string) => cleanText(text).replace(/\s+/g, ' ');
const FIXTURES = [
  'wikipedia',
  'google-sre-book-1',
  'nytimes-1',
  'quanta-1',
  'bbc-1',
  'guardian-1',
  'mozilla-1',
];

describe('summarize', slow, () => {
  it.each(FIXTURES)(
    'quotes a few of the most central sentences of %s in their original order',
    async (name) => {
      const fixture = webFixtureText(name);
      const summary = await ai.summarize({ title: fixture.title, text: fixture.text });
      const source = flat(fixture.text);
      const sentences = summary.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\d])/u);
      expect(sentences.length).toBeGreaterThanOrEqual(3);
      expect(sentences.length).toBeLessThanOrEqual(9);
      let at = -1;
      for (const sentence of sentences) {
        const found = source.indexOf(sentence, at + 1);
        expect(found, `not in the source, or out of order: ${sentence}`).toBeGreaterThan(at);
        at = found;
      }
    },
  );

  it('gives a longer text a longer summary', async () => {
    const short = await ai.summarize({ title: 'BBC', text: webFixtureText('bbc-1').text });
    const long = await ai.summarize({
      title: 'SRE',
      text: webFixtureText('google-sre-book-1').text,
    });
    expect(long.length).toBeGreaterThan(short.length);
  });

  it('leaves out the noise of real pages: citation markers, links, headings and lists', async () => {
    const summary = await ai.summarize({
      title: 'Mozilla',
      text: webFixtureText('wikipedia').text,
    });
    expect(summary).not.toMatch(/\[\d+\]|https?:|\[edit\]/);
    expect(summary).not.toContain('Contents');
  });

  it('is deterministic', async () => {
    const fixture = webFixtureText('quanta-1');
    const input = { title: fixture.title, text: fixture.text };
    expect(await ai.summarize(input)).toBe(await ai.summarize(input));
  });
});

describe('keyPoints', slow, () => {
  it.each(FIXTURES)(
    'gives 3-10 "Key term: the sentence that explains it." points for %s',
    async (name) => {
      const fixture = webFixtureText(name);
      const points = await ai.keyPoints({ title: fixture.title, text: fixture.text });
      const source = flat(fixture.text);
      expect(points.length).toBeGreaterThanOrEqual(3);
      expect(points.length).toBeLessThanOrEqual(10);
      const terms = new Set<string>();
      for (const point of points) {
        const match = /^([^:]+): (.+)$/.exec(point);
        expect(match, point).not.toBeNull();
        const [, term, sentence] = match!;
        expect(term!.trim().length).toBeGreaterThan(0);
        expect(source.toLowerCase()).toContain(term!.toLowerCase());
        // The explaining sentence is the source's own and uses the term.
        expect(source).toContain(sentence);
        // ...in the singular or the plural ("Whales: ... the first whale his father ever named").
        expect(sentence!.toLowerCase()).toContain(term!.toLowerCase().replace(/e?s$/, ''));
        terms.add(term!.toLowerCase());
      }
      expect(terms.size).toBe(points.length);
    },
  );

  it('scales with the length of the text', async () => {
    const short = await ai.keyPoints({ title: 'Firefox', text: webFixtureText('mozilla-1').text });
    const long = await ai.keyPoints({ title: 'Mozilla', text: webFixtureText('wikipedia').text });
    expect(long.length).toBeGreaterThan(short.length);
  });
});
