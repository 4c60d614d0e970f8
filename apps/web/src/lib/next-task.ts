/**
 * Resolves in a later task of the event loop, once the browser has had a turn: what follows
 * runs in a task of its own (issue #13: several short tasks instead of one long one on a school
 * laptop, between which a tap is answered and the browser's own work runs).
 *
 * A message to itself, not `setTimeout(…, 0)`: in a tab opened in the background, Chromium runs
 * timers at most once a second, and the app's start waits for three of these in a row.
 * Messages are not held back (React's scheduler yields the same way).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
