import type { ProcessingStatus } from '@mnemo/contracts/progress';
import type { Source } from '@mnemo/contracts/entities/source';
import { isFinalStatus } from './source-progress';

export const STATUS_LABELS: Record<ProcessingStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  'content-ready': 'Content ready',
  'flashcards-ready': 'Flashcards ready',
  completed: 'Completed',
  failed: 'Failed',
};

export type StatusTone = 'neutral' | 'info' | 'success' | 'error';
export function statusTone(status: ProcessingStatus): StatusTone {
  switch (status) {
    case 'pending':
      return 'neutral';
    case 'completed':
      return 'success';
    case 'failed':
      return 'error';
    default:
      return 'info';
  }
}

/** What a source's row offers: 'Process Now' for pending, 'Retry' for failed (spec 02 §4). */
export function processAction(status: ProcessingStatus): 'process' | 'retry' | null {
  if (status === 'pending') return 'process';
  if (status === 'failed') return 'retry';
  return null;
}

/**
 * The status a source shows once 'Process Now' or Retry was accepted: pending and failed become
 * processing (spec 02 §4) even if the answer still carries the old value; anything later stands.
 */
export function statusAfterProcessStarted(answered: ProcessingStatus): ProcessingStatus {
  return answered === 'pending' || answered === 'failed' ? 'processing' : answered;
}

export const SOURCE_TEXT_NOTES = {
  summary: {
    notProcessed: 'Process this source to generate its summary.',
    waiting: 'The summary is being generated. This can take 3-5 minutes.',
    empty: 'No summary available yet',
  },
  keyPoints: {
    notProcessed: 'Process this source to generate its key points.',
    waiting: 'The key points are being generated. This can take 3-5 minutes.',
    empty: 'No key points available yet',
  },
} as const;

/**
 * The note shown instead of a source's summary or key points (spec 02 §4), or null when there is
 * text to show: pending or failed asks to process the source; processing and still empty asks to
 * wait; otherwise 'No summary available yet' / 'No key points available yet'.
 */
export function sourceTextNote(
  source: Pick<Source, 'processingStatus' | 'summary' | 'keyPoints'>,
  part: 'summary' | 'keyPoints',
): string | null {
  const hasText =
    part === 'summary'
      ? (source.summary ?? '').trim() !== ''
      : source.keyPoints.some((k) => k.trim() !== '');
  if (hasText) return null;
  const notes = SOURCE_TEXT_NOTES[part];
  const status = source.processingStatus;
  if (status === 'pending' || status === 'failed') return notes.notProcessed;
  if (!isFinalStatus(status)) return notes.waiting;
  return notes.empty;
}
