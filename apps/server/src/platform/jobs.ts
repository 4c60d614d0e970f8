import type { FastifyBaseLogger } from 'fastify';

type JobState = {
  intervalSeconds: number;
  startedAt: number;
  /** When the run still going began; null between runs. */
  runningSince: number | null;
  lastFinishedAt: number | null;
  lastFailed: boolean;
};

export type JobReport = { name: string; alive: boolean; lastRunAt: Date | null; failed: boolean };

/**
 * The clock jobs this process runs, for its readiness (platform/health.ts): a job is alive
 * while it keeps finishing runs. One that has not finished a run for three of its intervals
 * (and at least a minute more than one) is stuck or dead, and the process is not ready.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, JobState>();

  started(name: string, intervalSeconds: number, now = Date.now()): JobState {
    const state: JobState = {
      intervalSeconds,
      startedAt: now,
      runningSince: null,
      lastFinishedAt: null,
      lastFailed: false,
    };
    this.jobs.set(name, state);
    return state;
  }

  stopped(name: string): void {
    this.jobs.delete(name);
  }

  report(now = Date.now()): JobReport[] {
    return [...this.jobs].map(([name, state]) => {
      const grace = Math.max(3 * state.intervalSeconds, state.intervalSeconds + 60) * 1000;
      const lastSign = state.lastFinishedAt ?? state.startedAt;
      const stuck = state.runningSince !== null && now - state.runningSince > grace;
      return {
        name,
        alive: !stuck && now - lastSign <= grace,
        lastRunAt: state.lastFinishedAt === null ? null : new Date(state.lastFinishedAt),
        failed: state.lastFailed,
      };
    });
  }
}

/**
 * A domain's clock work on a timer: `start(seconds)` runs `run` every so often (never two at
 * once: a tick that finds the last run still going is skipped; the timer does not keep the
 * process alive), `stop()` ends it. A failed run is logged and the next tick tries again.
 * With a registry, each run's start and end are recorded there for readiness.
 */
export function intervalJob(
  log: FastifyBaseLogger,
  name: string,
  run: () => Promise<unknown>,
  registry?: JobRegistry,
) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  return {
    start(intervalSeconds: number) {
      if (intervalSeconds <= 0 || timer) return;
      const state = registry?.started(name, intervalSeconds);
      timer = setInterval(() => {
        if (running) return;
        running = true;
        if (state) state.runningSince = Date.now();
        run()
          .then(
            () => state && (state.lastFailed = false),
            (error) => {
              if (state) state.lastFailed = true;
              log.error({ err: error }, `${name} failed`);
            },
          )
          .finally(() => {
            running = false;
            if (state) {
              state.runningSince = null;
              state.lastFinishedAt = Date.now();
            }
          });
      }, intervalSeconds * 1000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      registry?.stopped(name);
    },
  };
}
