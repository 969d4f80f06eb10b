import { describe, expect, it } from 'vitest';
import { excerpt } from './parts';
import { AVOID_LIMIT, questionBatchSchema, questionsPrompt } from './questions';

const passages = [
  {
    chunkId: 'c1',
    sourceId: 's1',
    sourceTitle: 'Cells',
    chunkIndex: 0,
    content: 'Cells divide by mitosis.',
  },
  {
    chunkId: 'c2',
    sourceId: 's1',
    sourceTitle: 'Cells',
    chunkIndex: 1,
    content: 'Meiosis makes gametes.',
  },
];

describe('questionsPrompt', () => {
  it('asks for the counts per type, explains only those types and numbers the passages', () => {
    const { system, messages } = questionsPrompt({
      passages,
      counts: { multiple_choice: 2, case_free_response: 1 },
    });
    expect(system).toContain('- multiple_choice:');
    expect(system).toContain('- case_free_response:');
    expect(system).not.toContain('- free_response:');
    const ask = messages[0]!.content;
    expect(ask).toMatch(/^Write 3 questions: 2 multiple_choice, 1 case_free_response\./);
    expect(ask).toContain(
      '[1] (from "Cells")\nCells divide by mitosis.\n\n[2] (from "Cells")\nMeiosis makes gametes.',
    );
  });

  it("names the passages' language and asks for the questions in it", () => {
    const de = [
      {
        ...passages[0]!,
        content:
          'Die Photosynthese ist ein Vorgang, bei dem Pflanzen Lichtenergie in chemische Energie umwandeln. Das Chlorophyll nimmt rotes und blaues Licht auf.',
      },
    ];
    const { system } = questionsPrompt({ passages: de, counts: { multiple_choice: 1 } });
    expect(system).toMatch(/language of the passages/);
    expect(system).toMatch(/in German/);
  });

  it('passes on focus, custom instructions and the questions to avoid (the most recent ones)', () => {
    const avoid = Array.from({ length: AVOID_LIMIT + 5 }, (_, i) => `Old question ${i}?`);
    const { system, messages } = questionsPrompt({
      passages,
      counts: { free_response: 1 },
      focusInstructions: 'only meiosis',
      customInstructions: 'Make them hard.',
      avoid,
    });
    expect(system).toContain('<deck_instructions>\nMake them hard.\n</deck_instructions>');
    const ask = messages[0]!.content;
    expect(ask).toMatch(/^Write 1 question: 1 free_response\./);
    expect(ask).toContain('focus on: only meiosis');
    expect(ask).not.toContain('Old question 4?');
    expect(ask).toContain(`Old question ${AVOID_LIMIT + 4}?`);
  });

  it('accepts a batch whose questions carry only the fields of their type', () => {
    const parsed = questionBatchSchema.safeParse({
      questions: [
        { type: 'free_response', chunk: 1, question: 'Why?', expectedAnswer: 'Because.' },
      ],
    });
    expect(parsed.success).toBe(true);
  });
});

describe('excerpt', () => {
  it('keeps a short text whole and samples a long one from beginning to end', () => {
    expect(excerpt('  short  ', 100)).toBe('short');
    const long = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const cut = excerpt(long, 600, 3);
    expect(cut.length).toBeLessThanOrEqual(600 + 20);
    expect(cut.startsWith('w0 ')).toBe(true);
    expect(cut.endsWith('w999')).toBe(true);
    expect(cut.split('[…]')).toHaveLength(3);
  });
});
