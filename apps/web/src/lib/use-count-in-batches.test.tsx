import { act, render, renderHook, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { nextTask } from './next-task.ts';
import { useCountInBatches } from './use-count-in-batches.ts';

/** Lets the hook's scheduled task run, and the render it causes. */
const oneTask = () => act(() => nextTask());

it('draws a batch at first, then one more batch in each later task, up to the total', async () => {
  const { result } = renderHook(() => useCountInBatches(12, 5));
  expect(result.current).toBe(5);
  await oneTask();
  expect(result.current).toBe(10);
  await oneTask();
  expect(result.current).toBe(12);
  await oneTask();
  expect(result.current).toBe(12);
});

it('draws a short list at once', () => {
  const { result } = renderHook(() => useCountInBatches(3, 5));
  expect(result.current).toBe(3);
});

it('keeps the count it reached: a new list of the same size renders at once, more comes in batches', async () => {
  const { result, rerender } = renderHook(({ total }) => useCountInBatches(total, 5), {
    initialProps: { total: 0 },
  });
  expect(result.current).toBe(0);
  rerender({ total: 10 });
  expect(result.current).toBe(5);
  await oneTask();
  expect(result.current).toBe(10);
  rerender({ total: 4 });
  expect(result.current).toBe(4);
  rerender({ total: 10 });
  expect(result.current).toBe(10);
  rerender({ total: 20 });
  expect(result.current).toBe(10);
  await oneTask();
  expect(result.current).toBe(15);
});

it('each batch is a render of its own, in a task of its own', async () => {
  const renders: number[] = [];
  function List({ total }: { total: number }) {
    const count = useCountInBatches(total, 2);
    renders.push(count);
    return <p>{count} drawn</p>;
  }
  render(<List total={5} />);
  expect(screen.getByText('2 drawn')).toBeInTheDocument();
  expect(await screen.findByText('5 drawn')).toBeInTheDocument();
  expect(renders).toEqual([2, 4, 5]);
});
