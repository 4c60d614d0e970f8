import type { FastifyBaseLogger } from 'fastify';

/**
 * A domain's clock work on a timer: `start(seconds)` runs `run` every so often (never two at
 * once: a tick that finds the last run still going is skipped; the timer does not keep the
 * process alive), `stop()` ends it. A failed run is logged and the next tick tries again.
 */
export function intervalJob(log: FastifyBaseLogger, name: string, run: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  return {
    start(intervalSeconds: number) {
      if (intervalSeconds <= 0 || timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        run()
          .catch((error) => log.error({ err: error }, `${name} failed`))
          .finally(() => {
            running = false;
          });
      }, intervalSeconds * 1000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
