/**
 * Resolves in a later task of the event loop, once the browser has had a turn: what follows
 * runs in a task of its own (issue #13: several short tasks instead of one long one on a school
 * laptop, between which a tap is answered and the browser's own work runs).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
