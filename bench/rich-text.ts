/**
 * One résumé of nested tags against everyone else: the p99 latency of a cheap request (a
 * signed-in user reading their own account) while a student sends résumés of ~630 KB of nested
 * tags and the teacher opens the class's list, against the same request with no attack, both
 * in one run on the embedded database and, when BENCH_DATABASE_URL is set (e.g.
 * postgres://postgres@127.0.0.1:5432/test), on PostgreSQL in a database of its own. Bounded:
 * at most ATTACKS résumés, each phase SECONDS long, loopback only. `npm run bench:rich-text`.
 */
import {
  call,
  login,
  printLatencies,
  probe,
  withBenchDatabase,
  type Latencies,
  type SignedIn,
} from './support/latency.ts';
import { startApp } from './support/servers.ts';

const SECONDS = 5;
const ATTACKS = 5;
/** Short text (so the characters a reader sees pass every length rule) in 90,000 levels of <i>. */
const ATTACK = '<i>'.repeat(90_000) + 'A résumé in many levels of italics.' + '</i>'.repeat(90_000);

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

/** A cheap request sent back to back by a few clients until `until` settles. */
function probeRead(name: string, url: string, token: string, until: Promise<unknown>) {
  const read = async () => (await call(url, { token })).arrayBuffer();
  return probe(
    name,
    Array.from({ length: 4 }, () => read),
    until,
    SECONDS,
  );
}

/** One engine: PGlite, or PostgreSQL in a database of its own dropped afterwards. */
async function run(engine: string, port: number, databaseUrl?: string): Promise<void> {
  await withBenchDatabase(databaseUrl, async (env) => {
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
      await probeRead('warm-up', cheap, teacher.token, Promise.resolve());
      const quiet = await probeRead(
        'GET /api/users/{id}/, no attack',
        cheap,
        teacher.token,
        Promise.resolve(),
      );
      const attacking = attack(app.url, classroom.id, student, teacher);
      const loud = await probeRead(
        'GET /api/users/{id}/, during the attack',
        cheap,
        teacher.token,
        attacking,
      );
      print(engine, quiet, loud, await attacking);
    } finally {
      await app.stop();
    }
  });
}

await run('PGlite', 3951);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', 3952, process.env.BENCH_DATABASE_URL);

function print(engine: string, quiet: Latencies, loud: Latencies, answers: string[]): void {
  printLatencies(`Rich text: ${(ATTACK.length / 1000).toFixed(0)} KB of nested tags, ${engine}`, [
    quiet,
    loud,
  ]);
  for (const answer of answers) console.log(`attack: ${answer}`);
  console.log(`p99 during the attack / p99 without: ${(loud.p99 / quiet.p99).toFixed(2)}`);
}
