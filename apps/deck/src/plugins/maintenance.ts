import fp from 'fastify-plugin';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { QUEUE_NAMES, type JobName } from '@mnemo/contracts/jobs';
import { createRedis } from '@mnemo/service-kit/plugins/redis';

type MaintenanceJob = JobName<'maintenance'>;

export type MaintenancePluginOptions = {
  redisUrl: string;
  prefix: string;
  /**
   * Each repeating job of the deck service: how often (0: never) and what it does. Every job of the
   * contracts' maintenance queue has one, so none can be scheduled and then never run.
   */
  jobs: Record<MaintenanceJob, { everyMs: number; run: () => Promise<unknown> }>;
};

/** The first run of a new schedule: soon after the first start, within the first interval. */
const FIRST_RUN_MS = 60_000;

/**
 * The deck service's repeating work (the sweep of unused uploads, the embedded database's table
 * statistics) as BullMQ job schedulers, run here because the uploads' storage is reachable here and
 * the deck service owns the tables that grow. The schedule lives in Redis: every replica
 * upserts the same scheduler, so there is one run per interval for all of them, not one each, and
 * a restart keeps the next run where it was. Each replica consumes the queue one job at a time.
 */
export const maintenancePlugin = fp<MaintenancePluginOptions>(
  async (app, { redisUrl, prefix, jobs }) => {
    const queue = app.queues.maintenance;
    const firstAt = (everyMs: number) => new Date(Date.now() + Math.min(everyMs, FIRST_RUN_MS));
    for (const [name, { everyMs }] of Object.entries(jobs) as [MaintenanceJob, { everyMs: number }][]) {
      await queue.schedule(name, {}, { everyMs, firstAt: firstAt(everyMs) });
    }
    if (Object.values(jobs).every((job) => job.everyMs <= 0)) return;

    // Workers block on their connection: BullMQ's kind, without a command timeout.
    const connection = createRedis(redisUrl, { blocking: true });
    const worker = new Worker(
      QUEUE_NAMES.maintenance,
      async (job: Job) => {
        const handler = jobs[job.name as MaintenanceJob];
        if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}"`);
        return handler.run();
      },
      { connection, prefix, concurrency: 1 },
    );
    worker.on('failed', (job, err) => app.log.warn({ err, name: job?.name }, 'maintenance job failed'));
    worker.on('error', (err) => app.log.error({ err }, 'maintenance worker error'));
    // Closing waits for a run under way, so the database is not closed beneath it.
    app.addHook('onClose', async () => {
      await worker.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'maintenance', dependencies: ['queues'] },
);
