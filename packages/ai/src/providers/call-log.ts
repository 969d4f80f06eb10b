import type { AiError } from '../errors';
import type { AiLogger, AiPurpose, Completion, ProviderName } from '../types';

/** What every provider factory takes besides its configuration. */
export type ProviderDeps = { logger?: AiLogger };

/**
 * One line per provider call: which model served which purpose, how long it took and how many
 * tokens it used (debug), or why it failed (warn). Never the prompt or the answer: they hold the
 * learner's text.
 */
export function callLog(
  logger: AiLogger | undefined,
  fields: {
    provider: ProviderName;
    purpose: AiPurpose | 'embedding';
    model: string;
    stream?: boolean;
  },
) {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return {
    done(usage?: Completion['usage'], extra: Record<string, unknown> = {}) {
      logger?.debug({ ...fields, ms: ms(), ...usage, ...extra }, 'ai call');
    },
    /** Logs the failure and hands the error back, for `throw log.failed(...)`. */
    failed(error: AiError): AiError {
      const entry = { ...fields, ms: ms(), kind: error.kind, status: error.status };
      // A cancelled call is the learner leaving, not a provider problem.
      if (error.kind === 'aborted') logger?.debug(entry, error.message);
      else logger?.warn(entry, error.message);
      return error;
    },
  };
}
