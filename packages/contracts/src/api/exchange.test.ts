import { describe, expect, it } from 'vitest';
import { attachmentDisposition, exportFilename, importFormatOfFilename } from './exchange';

describe('exchange file names', () => {
  it('names the download after the deck title, without path or control characters', () => {
    expect(exportFilename('Cells: the basics', 'apkg')).toBe('Cells the basics.apkg');
    expect(exportFilename('../../etc/passwd', 'csv')).toBe('etc passwd.csv');
    expect(exportFilename('\u0000\u0007', 'json')).toBe('deck.json');
    expect(exportFilename('x'.repeat(200), 'quizlet')).toBe(`${'x'.repeat(80)}.txt`);
  });

  it('keeps a title in any script in filename* and gives old clients an ASCII name', () => {
    expect(attachmentDisposition('Zellbiologie – Grundlagen.csv')).toBe(
      `attachment; filename="Zellbiologie _ Grundlagen.csv"; filename*=UTF-8''Zellbiologie%20%E2%80%93%20Grundlagen.csv`,
    );
    expect(attachmentDisposition('a "b".csv')).toContain('filename="a _b_.csv"');
  });

  it('reads the import format from the file name ending, whatever its case', () => {
    expect(importFormatOfFilename('Deck.APKG')).toBe('apkg');
    expect(importFormatOfFilename('words.txt')).toBe('quizlet');
    expect(importFormatOfFilename('sheet.tsv')).toBe('tsv');
    expect(importFormatOfFilename('notes.pdf')).toBeNull();
    expect(importFormatOfFilename('noext')).toBeNull();
  });
});
