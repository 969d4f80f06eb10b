import { describe, expect, it } from 'vitest';
import { isUnitHeading, isUnitLine, splitUnits, UNIT_TITLE_MAX, type CurriculumSection } from './curriculum';

/** A paragraph of about `n` characters of real-looking prose. */
const prose = (topic: string, n = 1500) =>
  Array.from({ length: Math.ceil(n / 60) }, (_, i) => `${topic} sentence ${i} explains one more idea of it.`).join(' ');

describe('unit headings', () => {
  it('names chapters, units, lessons and numbered titles, not sentences or bare numbers', () => {
    for (const h of ['Chapter 1: Cells', 'CHAPTER IV', 'Unit 3 - Energy', 'Lesson 12', 'Part II: Plants', 'Module one', '1. Cells', '2) Energy', 'Kapitel 3'])
      expect(isUnitHeading(h), h).toBe(true);
    for (const h of ['Introduction', 'Chapters of history', 'Photosynthesis', '12', '', `Chapter 1 ${'x'.repeat(120)}`]) expect(isUnitHeading(h), h).toBe(false);
    // In running text a line that opens with a number is no unit; one that opens with a chapter word is.
    expect(isUnitLine('2 kilograms of glucose')).toBe(false);
    expect(isUnitLine('Chapter 2 Energy')).toBe(true);
  });
});

describe('splitUnits', () => {
  it('makes one unit per chapter heading, titled after it, with the preamble in the first', () => {
    const sections: CurriculumSection[] = [
      { heading: 'Biology 7B', text: 'Course notes for the spring term.' },
      { heading: 'Chapter 1: Cells', text: prose('Cells') },
      { heading: 'Membranes', text: prose('Membranes', 400) },
      { heading: 'Chapter 2: Energy', text: prose('Energy') },
      { heading: 'Chapter 3: Genetics', text: prose('Genetics') },
    ];
    const units = splitUnits(sections);
    expect(units.map((u) => u.title)).toEqual(['Chapter 1: Cells', 'Chapter 2: Energy', 'Chapter 3: Genetics']);
    expect(units[0]!.text).toContain('Course notes for the spring term.');
    // A sub-heading stays in its chapter.
    expect(units[0]!.text).toContain('Membranes\nMembranes sentence 0');
    expect(units[1]!.text.startsWith('Chapter 2: Energy\nEnergy sentence 0')).toBe(true);
  });

  it('finds chapters in the lines of a PDF whose pages have no headings', () => {
    const pages: CurriculumSection[] = [
      { page: 1, text: `Introduction to Biology\nContents\nChapter 1 Cells\n${prose('Cells', 800)}` },
      { page: 2, text: `${prose('Cells', 800)}\nChapter 2 Energy\n${prose('Energy')}` },
      { page: 3, text: `Chapter 3 Genetics\n${prose('Genetics')}\n4` },
    ];
    const units = splitUnits(pages);
    expect(units.map((u) => u.title)).toEqual(['Chapter 1 Cells', 'Chapter 2 Energy', 'Chapter 3 Genetics']);
    expect(units[0]!.text).toContain('Introduction to Biology');
    expect(units[0]!.text).toContain('Cells sentence 13');
    expect(units[1]!.text).not.toContain('Cells sentence');
  });

  it('falls back on every heading (slides), merging the small ones with their neighbours', () => {
    const slides: CurriculumSection[] = [
      { heading: 'Slide 1: Cells', text: prose('Cells', 700) },
      { heading: 'Slide 2: Organelles', text: prose('Organelles', 700) },
      { heading: 'Slide 3: Energy', text: prose('Energy', 1500) },
      { heading: 'Slide 4: Thanks', text: 'Questions?' },
    ];
    const units = splitUnits(slides);
    expect(units.map((u) => u.title)).toEqual(['Slide 1: Cells – Slide 2: Organelles', 'Slide 3: Energy – Slide 4: Thanks']);
    expect(units.map((u) => u.text).join('\n\n')).toContain('Questions?');
  });

  it('gives one unit titled after the document when there is no structure, or all of it is small', () => {
    expect(splitUnits([{ page: 1, text: prose('Cells') }], { fallbackTitle: 'Cell biology' })).toEqual([
      { title: 'Cell biology', text: prose('Cells') },
    ]);
    const tiny = splitUnits([{ heading: 'Chapter 1', text: 'A.' }, { heading: 'Chapter 2', text: 'B.' }], { fallbackTitle: 'Notes' });
    expect(tiny.map((u) => u.title)).toEqual(['Notes']);
    expect(tiny[0]!.text).toContain('Chapter 2\nB.');
    expect(splitUnits([{ text: '   ' }])).toEqual([]);
  });

  it("keeps to the plan's number of decks, merging the smallest neighbours, and clips long titles", () => {
    const long = `Chapter 1: ${'Very long title '.repeat(5)}`.trim();
    const sections = [long, 'Chapter 2', 'Chapter 3', 'Chapter 4', 'Chapter 5'].map((heading, i) => ({ heading, text: prose(`T${i}`, 1300 + i * 100) }));
    const units = splitUnits(sections, { maxUnits: 3 });
    expect(units).toHaveLength(3);
    expect(units.map((u) => u.title).slice(1)).toEqual(['Chapter 3 – Chapter 4', 'Chapter 5']);
    expect(units[0]!.title.length).toBeLessThanOrEqual(UNIT_TITLE_MAX);
    expect(units.map((u) => u.text).join('').length).toBeGreaterThan(sections.map((s) => s.text).join('').length);
  });
});
