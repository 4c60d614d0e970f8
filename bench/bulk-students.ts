/**
 * Sign-ins while a school pastes its classes: the latency (p50, p99) of a student's sign-in
 * while 4 teachers' pastes of 50 students each make their accounts at once, against the same
 * sign-ins with nothing else going on, both in one run on the embedded database. Bounded:
 * one round of 4 pastes, each phase at least SECONDS long, loopback only.
 * `npm run bench:bulk-students`.
 */
import { MAX_STUDENTS_PER_PASTE } from '@bullpen/contract/classrooms';
import { call, login, printLatencies, probe, type Latencies } from './support/latency.ts';
import { startApp } from './support/servers.ts';

const SECONDS = 5;
const PASTES = 4;

/** Two students signing in back to back until `until` settles, and for at least SECONDS. */
function probeSignIns(base: string, name: string, until: Promise<unknown>): Promise<Latencies> {
  const clients = ['sam.student', 'alex.student'].map(
    (username) => () => login(base, username, 'bullpen-student-demo'),
  );
  return probe(name, clients, until, SECONDS);
}

function letters(index: number): string {
  return String.fromCharCode(65 + Math.floor(index / 26)) + String.fromCharCode(65 + (index % 26));
}

/** One class per paste, all pasted at once; how long the slowest paste took. */
async function pasteClasses(base: string, classroomIds: number[], token: string) {
  const started = performance.now();
  const statuses = await Promise.all(
    classroomIds.map(async (id, classIndex) => {
      const students = Array.from({ length: MAX_STUDENTS_PER_PASTE }, (_, index) => ({
        first_name: 'Bench',
        // Names take letters only: the class and the place in it as letters.
        last_name: `Student ${letters(classIndex)} ${letters(index)}`,
      }));
      const response = await call(`${base}/api/classrooms/classrooms/${id}/students/accounts/`, {
        method: 'POST',
        token,
        body: JSON.stringify({ students }),
      });
      if (response.status !== 201) console.error(await response.text());
      return response.status;
    }),
  );
  return { statuses, ms: performance.now() - started };
}

const app = await startApp(3961, { AUTH_RATE_LIMIT_MAX: '1000000' });
try {
  const teacher = await login(app.url, 'ms.rivera', 'bullpen-teacher-demo');
  const classroomIds: number[] = [];
  for (let index = 0; index < PASTES; index += 1) {
    const created = await call(`${app.url}/api/classrooms/classrooms/`, {
      method: 'POST',
      token: teacher.token,
      body: JSON.stringify({ name: `Bench class ${index + 1}` }),
    });
    classroomIds.push(((await created.json()) as { id: number }).id);
  }
  // A first round warms the server up, so the quiet figures are not its first sign-ins.
  await probeSignIns(app.url, 'warm-up', Promise.resolve());
  const quiet = await probeSignIns(app.url, 'sign-in, nothing else', Promise.resolve());
  const pasting = pasteClasses(app.url, classroomIds, teacher.token);
  const loud = await probeSignIns(app.url, `sign-in, during ${PASTES} pastes of 50`, pasting);
  const pastes = await pasting;

  printLatencies(`Sign-ins during ${PASTES} pastes of ${MAX_STUDENTS_PER_PASTE} students, PGlite`, [
    quiet,
    loud,
  ]);
  console.log(`pastes: ${pastes.statuses.join(', ')}, all done in ${Math.round(pastes.ms)} ms`);
  console.log(
    `during / without: p50 ${(loud.p50 / quiet.p50).toFixed(2)}, p99 ${(loud.p99 / quiet.p99).toFixed(2)}`,
  );
} finally {
  await app.stop();
}
