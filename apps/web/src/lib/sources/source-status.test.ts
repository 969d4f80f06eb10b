import { describe, expect, it } from 'vitest';
import {
  STATUS_LABELS,
  processAction,
  sourceTextNote,
  statusAfterProcessStarted,
  statusTone,
} from './source-status';

describe('source status', () => {
  it("offers 'Process Now' for pending and Retry for failed only", () => {
    expect(processAction('pending')).toBe('process');
    expect(processAction('failed')).toBe('retry');
    for (const s of ['processing', 'content-ready', 'flashcards-ready', 'completed'] as const) {
      expect(processAction(s)).toBeNull();
    }
  });

  it('moves pending and failed to processing once processing started', () => {
    expect(statusAfterProcessStarted('pending')).toBe('processing');
    expect(statusAfterProcessStarted('failed')).toBe('processing');
    expect(statusAfterProcessStarted('content-ready')).toBe('content-ready');
  });

  it('labels and colours every status', () => {
    expect(STATUS_LABELS['flashcards-ready']).toBe('Flashcards ready');
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('pending')).toBe('neutral');
    expect(statusTone('processing')).toBe('info');
  });

  it('says what to do instead of an empty summary or key points', () => {
    const src = (
      processingStatus: any,
      summary: string | null = null,
      keyPoints: string[] = [],
    ) => ({
      processingStatus,
      summary,
      keyPoints,
    });
    expect(sourceTextNote(src('pending'), 'summary')).toBe(
      'Process this source to generate its summary.',
    );
    expect(sourceTextNote(src('failed'), 'keyPoints')).toBe(
      'Process this source to generate its key points.',
    );
    expect(sourceTextNote(src('processing'), 'summary')).toMatch(/being generated/);
    expect(sourceTextNote(src('content-ready', ''), 'keyPoints')).toMatch(/being generated/);
    expect(sourceTextNote(src('completed'), 'summary')).toBe('No summary available yet');
    expect(sourceTextNote(src('completed', null, ['  ']), 'keyPoints')).toBe(
      'No key points available yet',
    );
    expect(sourceTextNote(src('processing', 'Plants make sugar.'), 'summary')).toBeNull();
    expect(sourceTextNote(src('completed', null, ['Light reactions']), 'keyPoints')).toBeNull();
  });
});
