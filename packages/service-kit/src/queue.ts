import { Queue, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import {
  JOB_OPTIONS,
  JOBS,
  QUEUE_NAMES,
  type JobInput,
  type JobName,
  type QueueKey,
} from '@mnemo/contracts/jobs';

/** What a producer may set per job: its id always (ids make enqueues idempotent), rarely more. */
export type EnqueueOptions = Omit<JobsOptions, 'repeat'> & { jobId: string };

/**
 * A BullMQ queue typed by the contracts' job map: only that queue's job names, each with its own
 * payload, validated before it is enqueued, and run with the options JOB_OPTIONS gives it.
 */
export type JobQueue<Q extends QueueKey> = {
  readonly name: (typeof QUEUE_NAMES)[Q];
  add<N extends JobName<Q>>(name: N, payload: JobInput<Q, N>, options: EnqueueOptions): Promise<Job>;
  addBulk<N extends JobName<Q>>(jobs: { name: N; payload: JobInput<Q, N>; options: EnqueueOptions }[]): Promise<Job[]>;
  /** Drops a job that has not started; an active one is left to finish. */
  remove(jobId: string): Promise<number>;
  /**
   * Runs `name` every `everyMs` from `firstAt` on (the first run only: a schedule that already
   * exists keeps its next run, so restarting a service does not move it). 0 removes the schedule.
   */
  schedule<N extends JobName<Q>>(name: N, payload: JobInput<Q, N>, options: { everyMs: number; firstAt: Date }): Promise<void>;
  /** BullMQ's own queue, for what this does not cover (job counts, the admin board, tests). */
  readonly bull: Queue;
  close(): Promise<void>;
};

const schemaOf = <Q extends QueueKey>(queue: Q, name: string) => {
  const schema = (JOBS[queue] as Record<string, z.ZodType | undefined>)[name];
  if (!schema) throw new Error(`Queue "${queue}" has no job "${name}"`);
  return schema;
};
const optionsOf = (name: string): JobsOptions => JOB_OPTIONS[name as keyof typeof JOB_OPTIONS];

/**
 * The producer side of one queue, under the deployment's prefix. `connection` may be shared by
 * every queue of a process (BullMQ does not block on a producer's connection); it is not closed here.
 */
export function createJobQueue<Q extends QueueKey>(
  queue: Q,
  { connection, prefix }: { connection: Redis; prefix: string },
): JobQueue<Q> {
  const bull = new Queue(QUEUE_NAMES[queue], { connection, prefix });
  /** The payload as given (defaults are the consumer's), once the contract accepts it. */
  const checked = (name: string, payload: unknown) => {
    schemaOf(queue, name).parse(payload);
    return payload;
  };
  return {
    name: QUEUE_NAMES[queue],
    bull,
    add: (name, payload, options) => bull.add(name, checked(name, payload), { ...optionsOf(name), ...options }),
    addBulk: (jobs) =>
      bull.addBulk(
        jobs.map(({ name, payload, options }) => ({ name, data: checked(name, payload), opts: { ...optionsOf(name), ...options } })),
      ),
    remove: (jobId) => bull.remove(jobId),
    async schedule(name, payload, { everyMs, firstAt }) {
      if (everyMs <= 0) {
        await bull.removeJobScheduler(name);
        return;
      }
      await bull.upsertJobScheduler(
        name,
        { every: everyMs, startDate: firstAt },
        { name, data: checked(name, payload), opts: optionsOf(name) },
      );
    },
    close: () => bull.close(),
  };
}
