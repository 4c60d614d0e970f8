/**
 * Runs tasks at most `concurrency` at a time, in the order they were given: a task waits
 * until an earlier one settles. A task that fails frees its place like one that succeeds.
 */
export function boundedQueue(concurrency: number) {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError('concurrency must be a whole number from 1');
  }
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
