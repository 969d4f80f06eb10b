import { AiError } from '../../errors';

/** Stops a task between steps when its caller has given up, with the error every provider uses. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new AiError('aborted', 'The request was aborted', { provider: 'local' });
}
