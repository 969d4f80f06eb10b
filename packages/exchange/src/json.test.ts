import { describe, expect, it } from 'vitest';
import { sampleDeck } from '../test/sample-deck';
import { readJson, writeJson } from './json';
import { MAX_CELL_CHARS, MAX_IMPORT_QUESTIONS, MAX_IMPORT_SOURCES } from './limits';

describe('Mnemo JSON', () => {
  it('round-trips a deck deep-equal, review state and log included', () => {
    const deck = sampleDeck();
    const text = writeJson(deck, { exportedAt: new Date('2026-11-25T00:00:00Z') });
    expect(JSON.parse(text)).toMatchObject({ format: 'mnemo-deck', version: 1 });
    const { deck: back, skipped } = readJson(text);
    expect(back).toEqual(deck);
    expect(skipped).toEqual([]);
  });

  it('refuses text that is not JSON', () => {
    expect(() => readJson('{"format": "mnemo-deck",')).toThrow(expect.objectContaining({ code: 'EXCHANGE_BAD_JSON' }));
  });

  it('refuses JSON that is not a Mnemo deck, and another version', () => {
    expect(() => readJson('{"cards": []}')).toThrow(/not a Mnemo deck export/);
    expect(() => readJson('{"format": "mnemo-deck", "version": 2, "deck": {}}')).toThrow(/version 2/);
  });

  it('refuses a file with one invalid question, naming where', () => {
    const file = JSON.parse(writeJson(sampleDeck()));
    file.deck.questions[2].questionType = 'essay';
    expect(() => readJson(JSON.stringify(file))).toThrow(/deck\.questions\.2\.questionType/);
  });

  it('refuses too many questions and a huge field', () => {
    const file = JSON.parse(writeJson(sampleDeck()));
    const many = { ...file, deck: { ...file.deck, questions: Array(MAX_IMPORT_QUESTIONS + 1).fill(file.deck.questions[1]) } };
    expect(() => readJson(JSON.stringify(many))).toThrow(expect.objectContaining({ code: 'EXCHANGE_TOO_MANY_ROWS' }));
    file.deck.questions[0].question = 'x'.repeat(MAX_CELL_CHARS + 1);
    expect(() => readJson(JSON.stringify(file))).toThrow(expect.objectContaining({ code: 'EXCHANGE_CELL_TOO_LARGE' }));
  });

  it('refuses too many sources and a huge source summary', () => {
    const file = JSON.parse(writeJson(sampleDeck()));
    const source = { title: 'Cells', type: 'website', url: 'https://example.org/cells', summary: 'About cells.', keyPoints: ['ATP'] };
    const many = { ...file, deck: { ...file.deck, sources: Array(MAX_IMPORT_SOURCES + 1).fill(source) } };
    expect(() => readJson(JSON.stringify(many))).toThrow(expect.objectContaining({ code: 'EXCHANGE_TOO_MANY_ROWS' }));
    file.deck.sources = [{ ...source, summary: 'x'.repeat(MAX_CELL_CHARS + 1) }];
    expect(() => readJson(JSON.stringify(file))).toThrow(expect.objectContaining({ code: 'EXCHANGE_CELL_TOO_LARGE' }));
  });
});
