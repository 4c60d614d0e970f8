/**
 * Sign-ins while a school pastes its classes: the latency (p50, p99) of a student's sign-in
 * while 4 teachers' pastes of 50 students each make their accounts at once, against the same
 * sign-ins with nothing else going on, both in one run on the embedded database. Bounded:
 * one round of 4 pastes, each phase at least SECONDS long, loopback only.
 * `npm run bench:bulk-students`.
 */
import { MAX_STUDENTS_PER_PASTE } from '@bullpen/contract/classrooms';
import { startApp } from './support/servers.ts';

const SECONDS = 5;
const PASTES = 4;

type Latencies = { name: string; count: number; p50: number; p99: number; max: number };

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

async function login(base: string, username: string, password: string) {
  const response = await call(`${base}/api-token-auth/`, {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return (await response.json()) as { token: string };
}

/** Two students signing in back to back until `until` settles, and for at least SECONDS. */
async function probe(base: string, name: string, until: Promise<unknown>): Promise<Latencies> {
  let done = false;
  const minimum = new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  void Promise.all([until, minimum]).then(() => (done = true));
  const latencies: number[] = [];
  await Promise.all(
    ['sam.student', 'alex.student'].map(async (username) => {
      while (!done) {
        const started = performance.now();
        await login(base, username, 'bullpen-student-demo');
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
  return { name, count: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1) };
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
  await probe(app.url, 'warm-up', Promise.resolve());
  const quiet = await probe(app.url, 'sign-in, nothing else', Promise.resolve());
  const pasting = pasteClasses(app.url, classroomIds, teacher.token);
  const loud = await probe(app.url, `sign-in, during ${PASTES} pastes of 50`, pasting);
  const pastes = await pasting;

  console.log(`\nSign-ins during ${PASTES} pastes of ${MAX_STUDENTS_PER_PASTE} students, PGlite`);
  console.log('| request | answers | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of [quiet, loud]) {
    console.log(
      `| ${row.name} | ${row.count} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
    );
  }
  console.log(`pastes: ${pastes.statuses.join(', ')}, all done in ${Math.round(pastes.ms)} ms`);
  console.log(
    `during / without: p50 ${(loud.p50 / quiet.p50).toFixed(2)}, p99 ${(loud.p99 / quiet.p99).toFixed(2)}`,
  );
} finally {
  await app.stop();
}
