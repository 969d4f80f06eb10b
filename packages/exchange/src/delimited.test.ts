import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sampleDeck } from '../test/sample-deck';
import { previewDelimited, readDelimited, writeCsv, writeQuizlet } from './delimited';
import { MAX_CELL_CHARS, MAX_IMPORT_QUESTIONS } from './limits';
import type { ExchangeQuestion } from './model';

const content = (q: ExchangeQuestion) => ({
  question: q.question,
  questionType: q.questionType,
  options: q.options,
  correctAnswerIndex: q.correctAnswerIndex,
  caseContext: q.caseContext,
  explanation: q.explanation ?? null,
  sourceCitation: q.sourceCitation ?? null,
  concepts: q.concepts,
});

describe('CSV', () => {
  it('writes RFC 4180 with a BOM, a header and one column per option', () => {
    const csv = writeCsv(sampleDeck());
    expect(csv.startsWith('\uFEFFQuestion,Answer,Type,Option 1,Option 2,Option 3,Option 4,Correct,')).toBe(true);
    expect(csv).toContain('"Right ventricle, ""the thin one"""');
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
  });

  it('round-trips every card through CSV (content, types, options, correct index, concepts)', () => {
    const deck = sampleDeck();
    const first = readDelimited(writeCsv(deck));
    expect(first.skipped).toEqual([]);
    expect(first.separator).toBe(',');
    expect(first.hasHeader).toBe(true);
    expect(first.deck.questions.map(content)).toEqual(deck.questions.map(content));
    expect(first.deck.questions[1]?.expectedAnswer).toBe(deck.questions[1]?.expectedAnswer);
    // And again: CSV → deck → CSV is stable.
    expect(writeCsv(first.deck)).toBe(writeCsv(readDelimited(writeCsv(first.deck)).deck));
  });

  it('reads semicolon files with Front/Back headers and skips rows with reasons', () => {
    const text = 'Front;Back;Tags\nmitral valve;two cusps;anatomy; valves\n;orphan back;\nno back;;\n';
    const r = readDelimited(text);
    expect(r.separator).toBe(';');
    expect(r.deck.questions).toHaveLength(1);
    expect(r.deck.questions[0]).toMatchObject({ question: 'mitral valve', expectedAnswer: 'two cusps', questionType: 'free_response', concepts: ['anatomy'] });
    expect(r.skipped).toEqual([
      { line: 3, reason: 'empty front' },
      { line: 4, reason: 'empty back' },
    ]);
  });

  it('reads choices and a letter as the correct option', () => {
    const r = readDelimited('question,choice 1,choice 2,choice 3,correct\nBest drug?,A,B,C,b\nOther?,A,B,,z\n');
    expect(r.deck.questions[0]).toMatchObject({ questionType: 'multiple_choice', options: ['A', 'B', 'C'], correctAnswerIndex: 1, correctAnswerText: 'B' });
    expect(r.skipped).toEqual([{ line: 3, reason: 'no correct option' }]);
  });

  it('previews the separator, header, column roles and first rows', () => {
    const p = previewDelimited(writeCsv(sampleDeck()), { rows: 2 });
    expect(p.separator).toBe(',');
    expect(p.hasHeader).toBe(true);
    expect(p.columns.map((c) => c.role)).toEqual(['question', 'answer', 'type', 'option', 'option', 'option', 'option', 'correct', 'caseContext', 'explanation', 'concepts', 'source']);
    expect(p.rows).toHaveLength(2);
    expect(p.totalRows).toBe(4);
  });

  it('refuses a CSV of 100,000 lines whole', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `q${i},a${i}`).join('\n');
    expect(100_000).toBeGreaterThan(MAX_IMPORT_QUESTIONS);
    expect(() => readDelimited(text)).toThrow(expect.objectContaining({ code: 'EXCHANGE_TOO_MANY_ROWS' }));
  });

  it('refuses a 10 MB cell, naming its line', () => {
    const text = `question,answer\nsmall,ok\nbig,"${'x'.repeat(10 * 1024 * 1024)}"\n`;
    expect(10 * 1024 * 1024).toBeGreaterThan(MAX_CELL_CHARS);
    expect(() => readDelimited(text)).toThrow(expect.objectContaining({ code: 'EXCHANGE_CELL_TOO_LARGE', message: expect.stringMatching(/^Line 3 holds a cell larger/) }));
    // A cell just over the cap within a short line is caught by the cell check, naming the column.
    const over = `question,answer\nbig,"${'y'.repeat(MAX_CELL_CHARS + 1)}"\n`;
    expect(() => readDelimited(over)).toThrow(/^Line 2, column 2 holds/);
  });

  it('refuses an empty file', () => {
    expect(() => readDelimited('\uFEFF \n')).toThrow(expect.objectContaining({ code: 'EXCHANGE_EMPTY' }));
  });
});

describe('Quizlet text', () => {
  it('writes term TAB definition, one card a line, tabs and line breaks replaced', () => {
    const text = writeQuizlet(sampleDeck());
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.split('\t')).toHaveLength(2);
    expect(lines[0]).toBe('Which chamber pumps blood into the aorta? (a) Left ventricle (b) Right atrium (c) Right ventricle, "the thin one" (d) Left atrium; upper\tLeft ventricle');
    expect(lines[1]).toBe('Name the <b>pacemaker</b> of the heart.\tThe sinoatrial (SA) node, in the right atrium');
    expect(lines[2]?.startsWith('A 58-year-old man has crushing chest pain for 40 minutes. / Troponin is raised. — What')).toBe(true);
  });

  it('Quizlet text → deck → CSV → deck keeps every card', () => {
    const quizlet = writeQuizlet(sampleDeck());
    const imported = readDelimited(quizlet);
    expect(imported.separator).toBe('\t');
    expect(imported.hasHeader).toBe(false);
    expect(imported.skipped).toEqual([]);
    const lines = quizlet.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(imported.deck.questions.map((q) => [q.question, q.expectedAnswer])).toEqual(lines);
    const again = readDelimited(writeCsv(imported.deck));
    expect(again.deck.questions.map((q) => [q.question, q.expectedAnswer])).toEqual(lines);
  });
});
