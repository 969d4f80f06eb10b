import { describe, expect, it } from 'vitest';
import { chunkText, CHUNK_TARGET_WORDS } from './chunk';

const sentence = (i: number) =>
  `Sentence number ${i} explains one idea about cells and energy in plain words.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, k) => sentence(from + k)).join(' ');
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('chunkText', () => {
  it('keeps a short text as one chunk with its position', () => {
    const chunks = chunkText([
      { text: 'Mitochondria make ATP.\n\nRibosomes make proteins.', page: 3 },
    ]);
    expect(chunks).toEqual([
      {
        chunkIndex: 0,
        content: 'Mitochondria make ATP.\n\nRibosomes make proteins.',
        wordCount: 6,
        position: { page: 3 },
      },
    ]);
  });

  it('packs paragraphs up to the target and never cuts one that fits', () => {
    // 20 paragraphs of 26 words: about 14 fit in 375 words.
    const text = Array.from({ length: 20 }, (_, i) => paragraph(i * 2, 2)).join('\n\n');
    const chunks = chunkText([{ text }]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.wordCount).toBeLessThanOrEqual(CHUNK_TARGET_WORDS);
    const paragraphs = text.split('\n\n');
    for (const c of chunks) {
      for (const part of c.content.split('\n\n')) {
        // Every part is a whole paragraph or, for the overlap, whole sentences of one.
        expect(paragraphs.some((p) => p.includes(part))).toBe(true);
      }
    }
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
  });

  it('repeats whole sentences of the previous chunk, so a fact at a boundary is in both', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join('\n\n');
    const chunks = chunkText([{ text }], { targetWords: 100, overlapWords: 30 });
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!.content.split('\n\n');
      const current = chunks[i]!.content.split('\n\n');
      expect(current).toContain(previous.at(-1));
      expect(previous).toContain(current[0]);
      const repeated = current.filter((p) => previous.includes(p));
      expect(repeated.join(' ').split(' ').length).toBeLessThanOrEqual(30);
    }
    // Every sentence is somewhere.
    const all = chunks.map((c) => c.content).join(' ');
    for (let i = 0; i < 40; i++) expect(all).toContain(sentence(i));
  });

  it('cuts a paragraph longer than a chunk at sentence ends', () => {
    const long = paragraph(0, 60); // 60 sentences, 780 words
    const chunks = chunkText([{ text: long }], { targetWords: 200, overlapWords: 0 });
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const c of chunks) {
      expect(c.wordCount).toBeLessThanOrEqual(200);
      expect(c.content.trim().endsWith('.')).toBe(true);
    }
  });

  it('cuts a sentence with no end (a table dump) by words', () => {
    const dump = Array.from({ length: 1000 }, (_, i) => `cell${i}`).join(' ');
    const chunks = chunkText([{ text: dump }], { targetWords: 300, overlapWords: 0 });
    expect(chunks.map((c) => c.wordCount)).toEqual([300, 300, 300, 100]);
  });

  it('starts a new chunk at a new heading and records the heading', () => {
    const chunks = chunkText([
      { text: paragraph(0, 8), heading: 'Mitochondria' },
      { text: paragraph(10, 8), heading: 'Ribosomes' },
    ]);
    expect(chunks.map((c) => c.position.heading)).toEqual(['Mitochondria', 'Ribosomes']);
    expect(chunks[1]!.content).not.toContain(sentence(0));
  });

  it('merges caption lines into chunks cited by the time of their first new line', () => {
    const captions = Array.from({ length: 200 }, (_, i) => ({
      text: `caption line ${i} says something`,
      startSeconds: i * 2,
    }));
    const chunks = chunkText(captions, { targetWords: 100, overlapWords: 10 });
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks[0]!.position.startSeconds).toBe(0);
    const times = chunks.map((c) => c.position.startSeconds!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Chunk 1 repeats the end of chunk 0, but is cited by its first new line.
    const firstNew = chunks[1]!.content.split('\n\n').find((p) => !chunks[0]!.content.includes(p))!;
    const line = Number(/caption line (\d+)/.exec(firstNew)![1]);
    expect(chunks[1]!.position.startSeconds).toBe(line * 2);
  });

  it('gives nothing for empty or blank text', () => {
    expect(chunkText([])).toEqual([]);
    expect(chunkText([{ text: ' \n\n \t ' }])).toEqual([]);
  });

  it('sizes Chinese and Japanese text by its characters, which have no spaces between words', () => {
    const sentence = '光合成は植物が光のエネルギーを使って二酸化炭素と水から糖を作る働きである。'; // 37 characters
    const text = Array.from({ length: 40 }, () => sentence).join(''); // one paragraph, no spaces
    const chunks = chunkText([{ text }], { targetWords: 200, overlapWords: 40 });
    // 1,480 characters: several chunks, each within the target, each cut at a sentence end.
    expect(chunks.length).toBeGreaterThanOrEqual(7);
    for (const c of chunks) {
      expect(c.wordCount).toBeLessThanOrEqual(200);
      expect(c.content.endsWith('。')).toBe(true);
      // No space is put between the characters or sentences of the text.
      expect(c.content).not.toMatch(/ /);
    }
    // A giant sentence with no end is cut by characters, and a Latin word in it stays whole.
    const giant = `${'漢字'.repeat(150)}DNA${'かな'.repeat(150)}`;
    const pieces = chunkText([{ text: giant }], { targetWords: 250, overlapWords: 0 });
    expect(pieces.map((c) => c.wordCount)).toEqual([250, 250, 101]);
    expect(pieces.map((c) => c.content).join('')).toBe(giant);
  });

  it('counts words as the content has them', () => {
    const chunks = chunkText([{ text: paragraph(0, 50) }]);
    for (const c of chunks) expect(c.wordCount).toBe(words(c.content));
  });
});
