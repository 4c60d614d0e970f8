import { useEffect, useState } from 'react';
import { nextTask } from './next-task.ts';

/**
 * How many of `total` items to render now: `batch` at first, then `batch` more in each later
 * task until all are drawn. A list that arrives with twenty rows of buttons then renders in
 * several short tasks instead of one long one, and a tap on the page is answered between them
 * (issue #13: on the contest page the stock list's twenty rows were one 83 ms task on a 2-core
 * host, 330 ms at Lighthouse's 4× slowdown). Once all have been drawn, the count stays: a list that
 * changes later (a new search) renders at once, up to that count, and only what goes beyond it
 * (Load more) comes in batches again.
 */
export function useCountInBatches(total: number, batch: number): number {
  const [count, setCount] = useState(batch);
  const behind = count < total;
  useEffect(() => {
    if (!behind) return;
    let active = true;
    void nextTask().then(() => {
      if (active) setCount((current) => current + batch);
    });
    return () => {
      active = false;
    };
  }, [behind, count, batch]);
  return Math.min(count, total);
}
