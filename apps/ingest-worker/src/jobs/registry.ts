import type { Job } from 'bullmq';
import type { z } from 'zod';
import { UnrecoverableError } from 'bullmq';
import { inSpan, SpanKind, type TraceContext, type Tracing } from '@mnemo/service-kit';
import { JOBS, type JobName, type JobPayload, type QUEUES } from '@mnemo/contracts/jobs';

/** Which attempt this is, so a handler can tell a retryable failure from the last one. */
export type JobContext = {
  attemptsMade: number;
  maxAttempts: number;
  /** The job's span: a child of the request that enqueued it (its payload's traceparent). */
  trace?: TraceContext;
};
type Handler = (payload: never, context: JobContext) => Promise<unknown>;
export type JobDefinition = { name: string; schema: z.ZodType; handle: Handler };

/**
 * Routes a BullMQ job to its handler by name after validating the payload against its contract.
 * A payload that does not match, or a job name nobody handles, fails for good: retrying cannot fix it.
 * With a tracer, each job runs as a consumer span continuing the trace its payload carries, so the
 * calls it makes (billing) join that trace too.
 */
export function createJobProcessor(definitions: JobDefinition[], options: { tracer?: Tracing['tracer'] } = {}) {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const run = async (job: Job, trace?: TraceContext) => {
    const def = byName.get(job.name);
    if (!def) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    const parsed = def.schema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`Invalid payload for "${job.name}": ${parsed.error.message}`);
    return def.handle(parsed.data as never, {
      attemptsMade: job.attemptsMade,
      maxAttempts: job.opts?.attempts ?? 1,
      ...(trace ? { trace } : {}),
    });
  };
  const { tracer } = options;
  if (!tracer) return (job: Job) => run(job);
  return (job: Job) => {
    const data = (job.data ?? {}) as { traceparent?: unknown; tracestate?: unknown };
    const carrier = {
      ...(typeof data.traceparent === 'string' ? { traceparent: data.traceparent } : {}),
      ...(typeof data.tracestate === 'string' ? { tracestate: data.tracestate } : {}),
    };
    return inSpan(
      tracer,
      `${job.queueName} ${job.name}`,
      {
        kind: SpanKind.CONSUMER,
        carrier,
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.destination.name': job.queueName,
          'messaging.message.id': job.id ?? '',
          'mnemo.job.attempt': job.attemptsMade + 1,
        },
      },
      (_span, ids) => run(job, ids),
    );
  };
}

/** The queues the worker consumes (the contracts' QUEUES), by key. */
export type WorkerQueue = keyof typeof QUEUES;

/** One handler for every job the contracts' job map puts on queue `Q`, each with its own payload. */
export type QueueHandlers<Q extends WorkerQueue> = {
  [N in JobName<Q>]: (payload: JobPayload<Q, N>, context: JobContext) => Promise<unknown>;
};

/**
 * The processor of one queue, built from the contracts' job map: each job's schema comes from the
 * map, and the type asks for a handler for every job the map lists there, so a job added to the
 * contracts cannot be enqueued and then find no handler here.
 */
export function createQueueProcessor<Q extends WorkerQueue>(
  queue: Q,
  handlers: QueueHandlers<Q>,
  options: { tracer?: Tracing['tracer'] } = {},
) {
  const schemas = JOBS[queue] as Record<JobName<Q>, z.ZodType>;
  const definitions = (Object.keys(schemas) as JobName<Q>[]).map((name) => ({
    name,
    schema: schemas[name],
    handle: handlers[name] as Handler,
  }));
  return createJobProcessor(definitions, options);
}
