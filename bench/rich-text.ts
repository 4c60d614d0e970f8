/**
 * One résumé of nested tags against everyone else: the p99 latency of a cheap request (a
 * signed-in user reading their own account) while a student sends résumés of ~630 KB of nested
 * tags and the teacher opens the class's list, against the same request with no attack, both
 * in one run on the embedded database and, when BENCH_DATABASE_URL is set (e.g.
 * postgres://postgres@127.0.0.1:5432/test), on PostgreSQL in a database of its own. Bounded:
 * at most ATTACKS résumés, each phase SECONDS long, loopback only. `npm run bench:rich-text`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startApp } from './support/servers.ts';

const SECONDS = 5;
const ATTACKS = 5;
/** Short text (so the characters a reader sees pass every length rule) in 90,000 levels of <i>. */
const ATTACK = '<i>'.repeat(90_000) + 'A résumé in many levels of italics.' + '</i>'.repeat(90_000);

type SignedIn = { token: string; user: { id: number } };

async function call(url: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  if (!new URL(url).hostname.startsWith('127.')) throw new Error('benchmarks only target loopback');
  const { token, ...rest } = init;
  return fetch(url, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `JWT ${token}` } : {}),
    },
  });
}

async function login(base: string, username: string, password: string): Promise<SignedIn> {
  const response = await call(`${base}/api-token-auth/`, {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return (await response.json()) as SignedIn;
}

/** The student's résumés and the teacher's list reads, one after another, until time is up. */
async function attack(base: string, classroomId: number, student: SignedIn, teacher: SignedIn) {
  const deadline = Date.now() + SECONDS * 1000;
  const answers: string[] = [];
  const resumes = `${base}/api/resumes/classrooms/${classroomId}/resumes/`;
  for (let sent = 0; sent < ATTACKS && Date.now() < deadline; sent += 1) {
    const started = performance.now();
    const written = await call(resumes, {
      method: 'POST',
      token: student.token,
      body: JSON.stringify({
        summary: ATTACK,
        education: '<p>Lincoln High School</p>',
        skills: '<p>Spreadsheets</p>',
      }),
    });
    const read = await call(resumes, { token: teacher.token });
    answers.push(
      `write ${written.status}, list ${read.status} in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return answers;
}

type Latencies = { name: string; count: number; p50: number; p99: number; max: number };

/**
 * A cheap request sent back to back by a few clients until `until` settles (and for at least
 * SECONDS): each answer's latency as the client waited for it. A request stuck behind a
 * blocked event loop counts for the whole wait, which a load generator that stops at its
 * deadline would leave out.
 */
async function probe(name: string, url: string, token: string, until: Promise<unknown>) {
  let done = false;
  const minimum = new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  void Promise.all([until, minimum]).then(() => (done = true));
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!done) {
        const started = performance.now();
        const response = await call(url, { token });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
  return { name, count: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

async function withAdmin(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** One engine: PGlite, or PostgreSQL in a database of its own dropped afterwards. */
async function run(engine: string, port: number, databaseUrl?: string): Promise<void> {
  const databaseName = databaseUrl ? `bullpen_bench_${randomBytes(4).toString('hex')}` : null;
  if (databaseName) await withAdmin(databaseUrl!, `create database ${databaseName}`);
  const env: Record<string, string> = databaseName
    ? {
        DATABASE_URL: Object.assign(new URL(databaseUrl!), {
          pathname: `/${databaseName}`,
        }).toString(),
      }
    : {};
  const app = await startApp(port, env);
  try {
    const teacher = await login(app.url, 'ms.rivera', 'bullpen-teacher-demo');
    const student = await login(app.url, 'sam.student', 'bullpen-student-demo');
    const created = await call(`${app.url}/api/classrooms/classrooms/`, {
      method: 'POST',
      token: teacher.token,
      body: JSON.stringify({ name: 'Bench class' }),
    });
    const classroom = (await created.json()) as { id: number; join_code: string };
    await call(`${app.url}/api/classrooms/classrooms/join/`, {
      method: 'POST',
      token: student.token,
      body: JSON.stringify({ code: classroom.join_code }),
    });
    const cheap = `${app.url}/api/users/${teacher.user.id}/`;
    // A first round warms the server up, so the quiet figures are not its first requests.
    await probe('warm-up', cheap, teacher.token, Promise.resolve());
    const quiet = await probe(
      'GET /api/users/{id}/, no attack',
      cheap,
      teacher.token,
      Promise.resolve(),
    );
    const attacking = attack(app.url, classroom.id, student, teacher);
    const loud = await probe(
      'GET /api/users/{id}/, during the attack',
      cheap,
      teacher.token,
      attacking,
    );
    print(engine, quiet, loud, await attacking);
  } finally {
    await app.stop();
    if (databaseName) {
      await withAdmin(databaseUrl!, `drop database if exists ${databaseName} with (force)`);
    }
  }
}

await run('PGlite', 3951);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', 3952, process.env.BENCH_DATABASE_URL);

function print(engine: string, quiet: Latencies, loud: Latencies, answers: string[]): void {
  console.log(`\nRich text: ${(ATTACK.length / 1000).toFixed(0)} KB of nested tags, ${engine}`);
  console.log('| request | answers | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of [quiet, loud]) {
    console.log(
      `| ${row.name} | ${row.count} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
    );
  }
  for (const answer of answers) console.log(`attack: ${answer}`);
  console.log(`p99 during the attack / p99 without: ${(loud.p99 / quiet.p99).toFixed(2)}`);
}
