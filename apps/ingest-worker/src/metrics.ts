import type { Job, Queue, Worker } from 'bullmq';
import { promClient, type Registry } from '@mnemo/service-kit/metrics';

/** The BullMQ states the queue-depth gauge reports; `waiting` is what KEDA scales on. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * `mnemo_queue_jobs{queue,state}`: read from BullMQ when Prometheus scrapes, so the number is the
 * queue's, not this process's view of it (every replica reports the same value; dashboards take max).
 */
export function registerQueueDepth(registry: Registry, queues: Pick<Queue, 'name' | 'getJobCounts'>[]) {
  return new promClient.Gauge({
    name: 'mnemo_queue_jobs',
    help: 'BullMQ jobs by queue and state, read at scrape time',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await Promise.all(queues.map((q) => q.getJobCounts(...QUEUE_STATES)));
      queues.forEach((q, i) => {
        for (const state of QUEUE_STATES) this.set({ queue: q.name, state }, counts[i]![state] ?? 0);
      });
    },
  });
}

/**
 * Job duration by queue, job name and outcome, and failures by the pipeline step the job had
 * reached (the last progress step published for its source; `none` for jobs without progress).
 */
export function createJobMetrics(registry: Registry) {
  const duration = new promClient.Histogram({
    name: 'mnemo_job_duration_seconds',
    help: 'BullMQ job run time by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const failures = new promClient.Counter({
    name: 'mnemo_job_failures_total',
    help: 'Failed BullMQ job attempts by queue, job name and the step reached',
    labelNames: ['queue', 'name', 'step'],
    registers: [registry],
  });
  /** sourceId → last progress step, kept only while a job for it runs here. */
  const steps = new Map<string, string>();
  const sourceOf = (job: Job | undefined) => {
    const data = job?.data as { sourceId?: unknown } | undefined;
    return typeof data?.sourceId === 'string' ? data.sourceId : undefined;
  };
  /** Start times by job id, from BullMQ's `active` event in this process. */
  const started = new Map<string, number>();
  const seconds = (job: Job) => {
    const at = job.id ? started.get(job.id) : undefined;
    if (job.id) started.delete(job.id);
    return at === undefined ? undefined : (performance.now() - at) / 1000;
  };

  return {
    /** Called with every progress event the worker publishes. */
    stepReached(sourceId: string, step: string) {
      steps.set(sourceId, step);
    },
    watch(worker: Pick<Worker, 'name' | 'on'>) {
      worker.on('active', (job: Job) => {
        if (job.id) started.set(job.id, performance.now());
      });
      worker.on('completed', (job: Job) => {
        const s = seconds(job);
        if (s !== undefined) duration.observe({ queue: worker.name, name: job.name, outcome: 'completed' }, s);
        const id = sourceOf(job);
        if (id) steps.delete(id);
      });
      worker.on('failed', (job: Job | undefined) => {
        if (!job) return;
        const id = sourceOf(job);
        failures.inc({ queue: worker.name, name: job.name, step: (id && steps.get(id)) || 'none' });
        const s = seconds(job);
        if (s !== undefined) duration.observe({ queue: worker.name, name: job.name, outcome: 'failed' }, s);
        if (id) steps.delete(id);
      });
    },
  };
}
