import { isAiError, type AiErrorKind } from '@mnemo/ai/errors';
import { StorageError } from '@mnemo/storage';
import { isExtractionError } from '../../extract/errors';
import type { FailureVerdict } from './handler';

/** AI failures that a later attempt may not meet (the provider's load, limits or reachability). */
const TRANSIENT_AI: readonly AiErrorKind[] = [
  'rate_limited',
  'overloaded',
  'unavailable',
  'timeout',
];

export const GENERIC_FAILURE = 'Failed to process this source. Please try again.';

/**
 * Decides whether a failed step is worth retrying and what the learner reads. Extraction errors
 * carry their own verdict and words; AI errors their kind and public words; a missing upload cannot
 * come back. Anything else (the database restarting, a bug) is retried, and if it persists the
 * learner gets the spec's generic message, never an internal one.
 */
export function judgeFailure(error: unknown): FailureVerdict {
  if (isExtractionError(error)) return { permanent: !error.transient, message: error.message };
  if (isAiError(error))
    return { permanent: !TRANSIENT_AI.includes(error.kind), message: error.publicMessage };
  if (error instanceof StorageError) {
    return {
      permanent: true,
      message: 'The uploaded file could not be found. Please upload it again.',
    };
  }
  return { permanent: false, message: GENERIC_FAILURE };
}
