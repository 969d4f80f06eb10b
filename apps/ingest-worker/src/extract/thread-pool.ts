/**
 * The scheduling the PDF pool and the OCR engine share: a queue of tasks handed to at most
 * `threads` slots, a slot started only when every running one is busy, a queued task that is
 * aborted leaving the queue, and a close that refuses what is still waiting. What a slot is (a
 * worker thread, a Tesseract worker) and how it runs a task, times it out or is replaced stay with
 * each pool. Written here rather than taken from a thread-pool library because the slots are of two
 * kinds: Node worker threads, and tesseract.js workers, which start and own their threads themselves.
 */

/** What the pool needs of a task: the job's signal, and how to fail it. */
export type PoolTask = { signal: AbortSignal | undefined; reject: (error: Error) => void };

/** What the pool needs of a slot: the task it runs (null: free) and its idle timer, if any. */
export type PoolSlot<T extends PoolTask> = { task: T | null; idle: NodeJS.Timeout | null };

export type ThreadPoolOptions<S, T> = {
  /** Slots at most. */
  threads: number;
  /** Starts a slot, for `task` when it is started to run one (the pool keeps it among its slots). */
  spawn: (task?: T) => S;
  /**
   * Among free slots, whether `slot` suits `task` best as it is (the OCR engine: a thread already
   * set up for the task's languages); the first free slot otherwise. Never starts a slot by itself.
   */
  prefers?: (slot: S, task: T) => boolean;
  /** Starts `task` on `slot`, which the pool has just given it (`slot.task` is set). */
  run: (slot: S, task: T) => void;
  /** The failure of a task submitted to, or still queued in, a closed pool. */
  closedError: () => Error;
  /** The failure of a task whose signal aborted it while it was queued. */
  abortError: (signal: AbortSignal) => Error;
};

export function createThreadPool<T extends PoolTask, S extends PoolSlot<T>>(
  options: ThreadPoolOptions<S, T>,
) {
  const threads = Math.max(1, options.threads);
  const slots: S[] = [];
  const queue: T[] = [];
  let closed = false;

  function add(task?: T): S {
    const slot = options.spawn(task);
    slots.push(slot);
    return slot;
  }

  function remove(slot: S) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
  }

  /** Hands queued tasks to free slots, starting new ones up to `threads`. */
  function dispatch() {
    while (queue.length > 0 && !closed) {
      const task = queue[0]!;
      const slot =
        (options.prefers && slots.find((s) => !s.task && options.prefers!(s, task))) ||
        slots.find((s) => !s.task) ||
        (slots.length < threads ? add(task) : null);
      if (!slot) return;
      queue.shift();
      slot.task = task;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      options.run(slot, task);
    }
  }

  function submit(task: T) {
    if (closed) return task.reject(options.closedError());
    const { signal } = task;
    if (signal?.aborted) return task.reject(options.abortError(signal));
    queue.push(task);
    signal?.addEventListener(
      'abort',
      () => {
        const i = queue.indexOf(task);
        if (i >= 0) {
          queue.splice(i, 1);
          task.reject(options.abortError(signal));
        }
      },
      { once: true },
    );
    dispatch();
  }

  /** Refuses what is queued and answers the slots, now the pool's no more, for their owner to end. */
  function close(): S[] {
    closed = true;
    for (const slot of slots) if (slot.idle) clearTimeout(slot.idle);
    for (const task of queue.splice(0)) task.reject(options.closedError());
    return slots.splice(0);
  }

  return {
    threads,
    /** The running slots (read only: the pool adds and removes them). */
    slots: slots as readonly S[],
    /** Whether tasks are still waiting for a slot. */
    hasQueued: () => queue.length > 0,
    isClosed: () => closed,
    add,
    remove,
    dispatch,
    submit,
    close,
  };
}
