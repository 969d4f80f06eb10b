import type { Redis } from 'ioredis';
import { createProgressStore, type ProgressInput } from '@mnemo/service-kit/progress';

export type { ProgressInput };

/** The worker's side of the progress store (service-kit): each step of a job, published and kept. */
export function createProgressPublisher(deps: { redis: Redis; prefix: string; now?: () => Date }) {
  return createProgressStore(deps).publish;
}
export type ProgressPublisher = ReturnType<typeof createProgressPublisher>;
