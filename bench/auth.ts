/**
 * Token verification and the own-account read, as requests per second relative to a bare
 * Fastify hello route measured in the same run, on PGlite and, when BENCH_DATABASE_URL is set
 * (e.g. postgres://postgres@127.0.0.1:5432/test), on PostgreSQL in a database of its own.
 * Each engine gets its own baseline run right before it. `npm run bench:auth`.
 */
import { login, withBenchDatabase } from './support/latency.ts';
import { measure, report, startApp, startHello, type Measurement } from './support/servers.ts';

/** Issue #13: `GET /api/users/{id}/` with a token, as a share of bare Fastify. */
const targets: Record<string, number> = { PGlite: 0.15, PostgreSQL: 0.3 };

async function run(engine: string, port: number, databaseUrl?: string): Promise<void> {
  await withBenchDatabase(databaseUrl, async (env) => {
    const hello = await startHello(port);
    const app = await startApp(port + 1, env);
    try {
      const { token, user } = await login(app.url, 'sam.student', 'bullpen-student-demo');
      const baseline = await measure('GET /hello (bare Fastify)', { url: `${hello.url}/hello` });
      const verify = await measure('POST /api-token-verify/', {
        url: `${app.url}/api-token-verify/`,
        method: 'POST',
        body: JSON.stringify({ token }),
      });
      const me = await measure('GET /api/users/{id}/', {
        url: `${app.url}/api/users/${user.id}/`,
        headers: { authorization: `JWT ${token}` },
      });
      report(`Accounts on ${engine}`, baseline, [verify, me]);
      judge(engine, baseline, me);
    } finally {
      await app.stop();
      await hello.stop();
    }
  });
}

function judge(engine: string, baseline: Measurement, me: Measurement): void {
  const ratio = me.requestsPerSecond / baseline.requestsPerSecond;
  const target = targets[engine]!;
  const mark = ratio >= target && me.errors === 0 ? 'pass' : 'short';
  console.log(
    `${engine}: GET /api/users/{id}/ at ${ratio.toFixed(3)} of bare Fastify, target ${target.toFixed(2)}: ${mark}`,
  );
}

await run('PGlite', 3901);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', 3911, process.env.BENCH_DATABASE_URL);
