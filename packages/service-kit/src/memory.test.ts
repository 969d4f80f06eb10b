import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './memory';

describe('collectGarbage', () => {
  it('frees what nothing refers to any more, without --expose-gc on the command line', async () => {
    const made = () => new WeakRef(new ArrayBuffer(8 * 1024 * 1024));
    const ref = made();
    // A WeakRef's target is kept until the job that made or read it has ended.
    await tick();
    expect(ref.deref()).toBeDefined();
    await tick();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
