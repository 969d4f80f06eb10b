import { describe, expect, it } from 'vitest';
import { createThreadPool, type PoolTask } from './thread-pool';

type Task = PoolTask & { name: string; resolve: (v: string) => void };
type Slot = { id: number; task: Task | null; idle: NodeJS.Timeout | null };

/** A pool of fake slots that run a task until the test finishes it. */
function fakePool(threads: number) {
  let spawned = 0;
  const started: [number, string][] = [];
  const pool = createThreadPool<Task, Slot>({
    threads,
    spawn: () => ({ id: ++spawned, task: null, idle: null }),
    run: (slot, task) => void started.push([slot.id, task.name]),
    closedError: () => new Error('closed'),
    abortError: (signal) => signal.reason as Error,
  });
  const submit = (name: string, signal?: AbortSignal) =>
    new Promise<string>((resolve, reject) => pool.submit({ name, resolve, reject, signal }));
  /** The slot running `name` finishes it and takes the next queued task. */
  const finish = (name: string) => {
    const slot = pool.slots.find((s) => s.task?.name === name)!;
    const task = slot.task!;
    slot.task = null;
    task.resolve(name);
    pool.dispatch();
  };
  return { pool, submit, finish, started, spawned: () => spawned };
}

describe('createThreadPool', () => {
  it('starts a slot only while all are busy, up to its size, and queues the rest in order', async () => {
    const { submit, finish, started, spawned } = fakePool(2);
    const a = submit('a');
    void submit('b');
    void submit('c');
    expect(started).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    finish('a');
    await expect(a).resolves.toBe('a');
    expect(started).toEqual([
      [1, 'a'],
      [2, 'b'],
      [1, 'c'],
    ]);
    expect(spawned()).toBe(2);
  });

  it('drops a queued task whose signal aborts, with its reason, and refuses one aborted already', async () => {
    const { submit, finish, started } = fakePool(1);
    void submit('a');
    const controller = new AbortController();
    const b = submit('b', controller.signal);
    controller.abort(new Error('job gave up'));
    await expect(b).rejects.toThrow('job gave up');
    await expect(submit('c', controller.signal)).rejects.toThrow('job gave up');
    finish('a');
    expect(started.map(([, name]) => name)).toEqual(['a']);
  });

  it('on close refuses what waits and what comes, and hands its slots over', async () => {
    const { pool, submit } = fakePool(1);
    void submit('a');
    const waiting = submit('b');
    const slots = pool.close();
    expect(slots.map((s) => s.task?.name)).toEqual(['a']);
    expect(pool.slots).toHaveLength(0);
    await expect(waiting).rejects.toThrow('closed');
    await expect(submit('c')).rejects.toThrow('closed');
  });
});
