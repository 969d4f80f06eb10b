import { UnrecoverableError, type Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTracing, currentTraceCarrier } from '@mnemo/service-kit';
import { createJobProcessor, createQueueProcessor, type JobContext } from './registry';

const job = (name: string, data: unknown) => ({ name, data, queueName: 'ingest', id: `${name}-1`, attemptsMade: 0 }) as Job;

describe('createJobProcessor', () => {
  const seen: unknown[] = [];
  const process = createJobProcessor([
    {
      name: 'echo',
      schema: z.object({ n: z.number() }),
      handle: async (p: { n: number }) => (seen.push(p), p.n * 2),
    },
  ]);

  it('hands a valid payload to the handler by job name', async () => {
    await expect(process(job('echo', { n: 21 }))).resolves.toBe(42);
    expect(seen).toEqual([{ n: 21 }]);
  });

  it('fails for good on a payload that breaks the contract', async () => {
    await expect(process(job('echo', { n: 'x' }))).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('fails for good on a job nobody handles', async () => {
    await expect(process(job('mystery', {}))).rejects.toThrow('No handler for job "mystery"');
  });

  it("runs each job as a span continuing the trace in its payload, which the job's own calls carry on", async () => {
    const tracing = createTracing('worker');
    const traced = createJobProcessor(
      [
        {
          name: 'ingest-source',
          schema: z.object({ n: z.number(), traceparent: z.string().optional() }),
          handle: async (_p: unknown, context: JobContext) => {
            await new Promise((r) => setTimeout(r, 1));
            // What the internal client puts on a call to billing.
            return { context, outgoing: currentTraceCarrier() };
          },
        },
      ],
      { tracer: tracing.tracer },
    );
    const enqueuedBy = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const run = (await traced(job('ingest-source', { n: 1, traceparent: enqueuedBy }))) as {
      context: JobContext;
      outgoing: { traceparent?: string };
    };
    expect(run.context.trace).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentSpanId: '00f067aa0ba902b7' });
    expect(run.outgoing.traceparent).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${run.context.trace!.spanId}-01`);

    // A job enqueued outside any request (re-embedding at boot) starts a trace of its own.
    const fresh = (await traced(job('ingest-source', { n: 2 }))) as { context: JobContext };
    expect(fresh.context.trace).toMatchObject({ parentSpanId: null });
    expect(fresh.context.trace!.traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    await tracing.shutdown();
  });
});

describe('createQueueProcessor', () => {
  const seen: unknown[] = [];
  const process = createQueueProcessor('ingest', {
    'pipeline-check': async (p) => (seen.push(p), p.steps),
    'ingest-source': async () => 'ingested',
    'split-curriculum': async () => 'split',
  });

  it("checks each job against the contracts' job map, defaults applied, before its handler runs", async () => {
    const sourceId = '4bf92f35-77b3-4da6-a3ce-929d0e0e4736';
    await expect(process(job('pipeline-check', { sourceId }))).resolves.toBe(3);
    expect(seen).toEqual([{ sourceId, steps: 3, delayMs: 0 }]);
    await expect(process(job('pipeline-check', { sourceId, steps: 0 }))).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(process(job('ingest-source', { sourceId }))).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it("fails for good on a job of another queue's map", async () => {
    await expect(process(job('generate-questions', {}))).rejects.toThrow('No handler for job "generate-questions"');
  });
});
