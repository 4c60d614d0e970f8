/**
 * A school's roster of ROSTER_BENCH_STUDENTS students (5,000 by default, in classes of 30)
 * imported by staff over HTTP on the embedded database: the preview, the apply (one
 * transaction that makes every account) and the same apply again (nothing to change). Each
 * is shown against baselines measured in the same run: reading and checking the files alone
 * (in this process), and, for the apply, the argon2 hashes its accounts need, one at a time
 * as a bulk import makes them (apps/server/src/auth/passwords.ts). Loopback only, one round.
 * `npm run bench:rosters`.
 */
import type { RosterApplyResult, RosterPlan } from '@bullpen/contract/rosters';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { generatedBundle, oneRosterUpload } from '../apps/server/src/rosters/fixtures/bundle.ts';
import { parseOneRoster } from '../apps/server/src/rosters/parse.ts';
import http from 'node:http';
import { login } from './support/latency.ts';
import { startApp } from './support/servers.ts';

const STUDENTS = Number(process.env.ROSTER_BENCH_STUDENTS ?? 5000);
/** Hashes timed to estimate the apply's floor (STUDENTS of them would double the run). */
const HASH_SAMPLE = 100;

const upload = oneRosterUpload(generatedBundle(STUDENTS, 'teacher@demo.bullpen.local'));
const body = JSON.stringify(upload);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const parsing = await timed(async () => parseOneRoster(upload.files));
const hashing = await timed(async () => {
  for (let index = 0; index < HASH_SAMPLE; index += 1) await hashPassword(`bench-${index}`);
});
const hashFloor = (hashing.ms / HASH_SAMPLE) * STUDENTS;

const app = await startApp(3302);
try {
  const staff = await login(app.url, 'bullpen.staff', 'bullpen-staff-demo');
  // node:http, not fetch: fetch gives up on an answer that takes over 5 minutes, and the
  // apply of 5,000 new accounts may (its hashes alone take minutes on a busy machine).
  const post = (route: string) =>
    timed(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const request = http.request(
            `${app.url}/api/rosters/${route}/`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `JWT ${staff.token}`,
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                if ((response.statusCode ?? 500) >= 300) {
                  reject(new Error(`${route}: ${response.statusCode} ${text}`));
                } else {
                  resolve(JSON.parse(text));
                }
              });
            },
          );
          request.on('error', reject);
          request.end(body);
        }),
    );
  const preview = await post('preview');
  const plan = preview.value as RosterPlan;
  const applied = await post('apply');
  const result = applied.value as RosterApplyResult;
  const again = await post('apply');
  const second = again.value as RosterApplyResult;

  console.log(
    `Roster of ${STUDENTS} students, ${plan.classes.create} classes, ${(body.length / 1024 / 1024).toFixed(1)} MiB of JSON, PGlite`,
  );
  console.log(`  read and check the files alone  ${parsing.ms.toFixed(0)} ms`);
  console.log(
    `  preview                         ${preview.ms.toFixed(0)} ms  (${(preview.ms / parsing.ms).toFixed(1)}× reading)`,
  );
  console.log(
    `  apply (${result.students.create} accounts)          ${applied.ms.toFixed(0)} ms  (${(applied.ms / hashFloor).toFixed(2)}× its ${STUDENTS} hashes, ${hashFloor.toFixed(0)} ms)`,
  );
  console.log(
    `  apply again (unchanged ${second.students.unchanged})    ${again.ms.toFixed(0)} ms  (${(again.ms / preview.ms).toFixed(2)}× the preview)`,
  );
  if (second.students.create !== 0 || second.enrolments.add !== 0) {
    throw new Error('the second apply changed something');
  }
} finally {
  await app.stop();
}
