import { describe, expect, it } from 'vitest';
import { createThreadPool, type PoolTask } from './thread-pool';

type Task = PoolTask & { name: string; resolve: (v: string) => void };
type Slot = { id: number; kind: string; task: Task | null; idle: NodeJS.Timeout | null };

/**
 * A pool of fake slots that run a task until the test finishes it. A slot's kind is the first
 * letter of the name of the task it was started for, or last ran (a thread set up for it).
 */
function fakePool(threads: number, prefers?: (slot: Slot, task: Task) => boolean) {
  let spawned = 0;
  const started: [number, string][] = [];
  const pool = createThreadPool<Task, Slot>({
    threads,
    spawn: (task) => ({ id: ++spawned, kind: task?.name[0] ?? '', task: null, idle: null }),
    ...(prefers ? { prefers } : {}),
    run: (slot, task) => {
      slot.kind = task.name[0]!;
      started.push([slot.id, task.name]);
    },
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

  it('gives a task the free slot it prefers, the first free one when none suits, and starts none for it', async () => {
    const { submit, finish, started, spawned } = fakePool(
      2,
      (slot, task) => slot.kind === task.name[0],
    );
    void submit('a1');
    void submit('b1');
    finish('a1');
    finish('b1');
    // Both free: the b-slot (started second) takes b2, the a-slot a2.
    void submit('b2');
    void submit('a2');
    finish('a2');
    finish('b2');
    // None of kind c: the first free slot takes it rather than a new one.
    void submit('c1');
    expect(started).toEqual([
      [1, 'a1'],
      [2, 'b1'],
      [2, 'b2'],
      [1, 'a2'],
      [1, 'c1'],
    ]);
    expect(spawned()).toBe(2);
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
