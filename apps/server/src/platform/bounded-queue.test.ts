import { describe, expect, it } from 'vitest';
import { boundedQueue } from './bounded-queue.ts';

/** A task the test finishes by hand, so no timing decides the order. */
function deferred() {
  let finish!: (value?: unknown) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('boundedQueue', () => {
  it('runs one task at a time, in the order given, with concurrency 1', async () => {
    const run = boundedQueue(1);
    const tasks = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const done = tasks.map((task, index) =>
      run(async () => {
        started.push(index);
        await task.promise;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    for (let index = 0; index < tasks.length; index += 1) {
      tasks[index]!.finish();
      await settle();
      expect(started).toEqual(Array.from({ length: Math.min(index + 2, 5) }, (_, at) => at));
    }
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
  });

  it('never runs more than its concurrency at once, across 50 tasks', async () => {
    const run = boundedQueue(3);
    let running = 0;
    let most = 0;
    const tasks = Array.from({ length: 50 }, () => deferred());
    const done = Promise.all(
      tasks.map((task) =>
        run(async () => {
          running += 1;
          most = Math.max(most, running);
          await task.promise;
          running -= 1;
        }),
      ),
    );
    await settle();
    expect(running).toBe(3);
    // Finish them in reverse: a later task ending frees a place as well as an earlier one.
    for (const task of [...tasks].reverse()) {
      task.finish();
      await settle();
    }
    await done;
    expect(most).toBe(3);
  });

  it('goes on after a task fails, and hands the failure to its caller', async () => {
    const run = boundedQueue(1);
    const first = deferred();
    const failed = run(() => first.promise);
    const next = run(async () => 'next');
    first.fail(new Error('hash failed'));
    await expect(failed).rejects.toThrow('hash failed');
    await expect(next).resolves.toBe('next');
  });

  it('refuses a concurrency below one', () => {
    expect(() => boundedQueue(0)).toThrow(RangeError);
  });
});
