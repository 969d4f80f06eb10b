import type { Job } from 'bullmq';
import type { z } from 'zod';
import { UnrecoverableError } from 'bullmq';

/** Which attempt this is, so a handler can tell a retryable failure from the last one. */
export type JobContext = { attemptsMade: number; maxAttempts: number };
type Handler = (payload: never, context: JobContext) => Promise<unknown>;
export type JobDefinition = { name: string; schema: z.ZodType; handle: Handler };

/**
 * Routes a BullMQ job to its handler by name after validating the payload against its contract.
 * A payload that does not match, or a job name nobody handles, fails for good: retrying cannot fix it.
 */
export function createJobProcessor(definitions: JobDefinition[]) {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  return async (job: Job) => {
    const def = byName.get(job.name);
    if (!def) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    const parsed = def.schema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`Invalid payload for "${job.name}": ${parsed.error.message}`);
    return def.handle(parsed.data as never, {
      attemptsMade: job.attemptsMade,
      maxAttempts: job.opts?.attempts ?? 1,
    });
  };
}
