import { UnrecoverableError, type Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobProcessor } from './registry';

const job = (name: string, data: unknown) => ({ name, data }) as Job;

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
});
