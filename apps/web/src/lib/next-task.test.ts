import { afterEach, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';

afterEach(() => {
  vi.useRealTimers();
});

it('resolves after the current task, not within it', async () => {
  const order: string[] = [];
  const waiting = nextTask().then(() => order.push('next task'));
  await Promise.resolve();
  queueMicrotask(() => order.push('microtask'));
  order.push('this task');
  await waiting;
  expect(order).toEqual(['this task', 'microtask', 'next task']);
});

it('does not wait for a timer, which a background tab runs once a second at most', async () => {
  // With timers frozen, a setTimeout(0) would never fire.
  vi.useFakeTimers();
  await expect(nextTask()).resolves.toBeUndefined();
});
