/**
 * A district's day on PostgreSQL (issue #50), with 1 and then 2 server processes (`WORKERS`)
 * on copies of one seeded database: 5,000 students in 150 classes, each class with its
 * teacher, its class contest and its board, and every student's WebSocket open. In one window
 * of BENCH_DISTRICT_SECONDS (300 by default):
 * - the sign-in wave: the students of 30 classes sign in within the first 40 % of the window
 *   (120 s of 300); each then reads a lesson and answers its quiz, plays a learn-and-earn module
 *   card by card at its pace and finishes it, and one in five posts on the class board;
 * - orders at the open: every student places 3 market orders at random moments of the window
 *   (one in ten sent twice with its Idempotency-Key, as a retrying browser would), each
 *   followed by a look at the class leaderboard; the students outside the wave signed in
 *   earlier (their sessions are in the seeded database) and a quarter of them read a lesson.
 * It prints p50/p99 per route class, over the wave and over the whole window; errors (any
 * answer but a 2xx, a socket failing or closing); writes lost or duplicated (orders, quiz
 * attempts, board posts, module completions and their points, each portfolio's cash against
 * its fills), board posts a classmate's socket never heard; the CPU seconds of the server
 * processes and of PostgreSQL; and the ratio of 2 processes to 1. Targets at the wave: reads
 * p99 ≤ 200 ms, writes p99 ≤ 300 ms, 0 errors, 0 lost.
 *
 * Needs BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); it creates and drops
 * its own databases. BENCH_DISTRICT_STUDENTS (5000), BENCH_DISTRICT_SECONDS (300) and
 * BENCH_DISTRICT_WORKERS (`1,2`) make smaller runs. `npm run bench:district`.
 */
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { startApp, type RunningServer } from './support/servers.ts';

const STUDENTS = Number(process.env.BENCH_DISTRICT_STUDENTS ?? 5000);
const CLASSES = Math.max(1, Math.round((STUDENTS * 150) / 5000));
const WAVE_CLASSES = Math.max(1, Math.round(CLASSES / 5));
const WINDOW_S = Number(process.env.BENCH_DISTRICT_SECONDS ?? 300);
const WAVE_S = WINDOW_S * 0.4;
const ORDERS_EACH = 3;
const WORKER_COUNTS = (process.env.BENCH_DISTRICT_WORKERS ?? '1,2').split(',').map(Number);
const PORT = 3941;
const PASSWORD = 'district bench student';
const STARTING_CASH_CENTS = 10_000_000;
const TARGET_READ_P99 = 200;
const TARGET_WRITE_P99 = 300;

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.log('bench:district needs BENCH_DATABASE_URL (PostgreSQL); skipped.');
  process.exit(0);
}

type RouteClass =
  | 'sign-in'
  | 'order'
  | 'quiz attempt'
  | 'card start'
  | 'module finish'
  | 'board post'
  | 'leaderboard'
  | 'lesson'
  | 'module'
  | 'profile';
const WRITES = new Set<RouteClass>([
  'sign-in',
  'order',
  'quiz attempt',
  'card start',
  'module finish',
  'board post',
]);

type Student = {
  userId: number;
  username: string;
  classroomId: number;
  contestId: number;
  contestUserId: number;
  wave: boolean;
  token?: string;
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (name: string) =>
  Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// ---------------------------------------------------------------------------------------------
// HTTP as many browsers: one kept-alive agent per class (its room's machines), so the
// connections, and with them node:cluster's round-robin, spread like a district's.

type Answer = { status: number; body: unknown };

function request(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `JWT ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------
// CPU seconds of a process tree (the server's primary and its workers) and of PostgreSQL.

const TICKS_PER_SECOND = 100;

function processTable(): Map<
  number,
  { ppid: number; comm: string; ticks: number; children: number }
> {
  const table = new Map<number, { ppid: number; comm: string; ticks: number; children: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    table.set(Number(entry), {
      ppid: Number(fields[1]),
      comm,
      ticks: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    });
  }
  return table;
}

/** CPU seconds used so far by `root` and every process under it (live, or reaped by them). */
function treeCpuSeconds(root: number): number {
  const table = processTable();
  let ticks = 0;
  const visit = (pid: number) => {
    const row = table.get(pid);
    if (!row) return;
    ticks += row.ticks + row.children;
    for (const [child, info] of table) if (info.ppid === pid) visit(child);
  };
  visit(root);
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds of PostgreSQL: the postmaster's tree (its backends, live or ended). */
function postgresCpuSeconds(): number {
  const table = processTable();
  const postmaster = [...table].find(
    ([, row]) => row.comm === 'postgres' && table.get(row.ppid)?.comm !== 'postgres',
  );
  return postmaster ? treeCpuSeconds(postmaster[0]) : 0;
}

// ---------------------------------------------------------------------------------------------
// The seeded district, once, in a template database the runs copy.

type Seeded = {
  template: string;
  students: Student[];
  lessons: number[];
  modules: { id: number; cards: { type: string; id?: string; answer?: number }[] }[];
  securities: number[];
};

async function seed(template: string): Promise<Seeded> {
  const url = databaseUrl(template);
  // The app migrates the empty database and writes the curriculum, then stops.
  let app = await startApp(PORT, {
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    MARKET_TICK_SECONDS: '0',
  });
  await app.stop();
  const passwordHash = await hashPassword(PASSWORD);
  const started = performance.now();
  const seeded = await withClient(url, async (client) => {
    await client.query(
      `insert into users (username, email, password_hash, first_name, last_name, is_teacher,
                          teacher_trusted_at, email_verified_at)
       select 'district.teacher' || g, 'teacher' || g || '@district.test', $1, 'Teacher', 'T' || g,
              true, now(), now()
       from generate_series(1, $2::int) as g`,
      [passwordHash, CLASSES],
    );
    await client.query(
      `insert into classrooms (name, grade, teacher_id, join_code)
       select 'Economics ' || g, '8', u.id, 'DIST' || lpad(g::text, 4, '0')
       from generate_series(1, $1::int) as g
       join users u on u.username = 'district.teacher' || g`,
      [CLASSES],
    );
    await client.query(
      `insert into users (username, password_hash, first_name, last_name, created_by_teacher_id,
                          consent_status)
       select 'district.s' || g, $1, 'Student', 'S' || g, c.teacher_id, 'school'
       from generate_series(1, $2::int) as g
       join classrooms c on c.join_code = 'DIST' || lpad((1 + (g - 1) % $3::int)::text, 4, '0')`,
      [passwordHash, STUDENTS, CLASSES],
    );
    await client.query(
      `insert into classroom_members (classroom_id, user_id)
       select c.id, u.id from users u
       join classrooms c on c.teacher_id = u.created_by_teacher_id
       where u.username like 'district.s%'`,
    );
    await client.query(
      `insert into contests (name, visibility, join_code, starts_at, ends_at, starting_cash_cents,
                             owner_id, classroom_id)
       select c.name || ' contest', 'private', 'DC' || c.join_code, now() - interval '1 day',
              now() + interval '30 day', $1, c.teacher_id, c.id
       from classrooms c where c.join_code like 'DIST%'`,
      [STARTING_CASH_CENTS],
    );
    await client.query(
      `insert into contest_users (contest_id, user_id, cash_cents, value_cents)
       select k.id, m.user_id, $1, $1 from classroom_members m
       join contests k on k.classroom_id = m.classroom_id`,
      [STARTING_CASH_CENTS],
    );
    const { rows } = await client.query<{
      user_id: number;
      username: string;
      classroom_id: number;
      contest_id: number;
      contest_user_id: number;
      class_number: number;
    }>(
      `select u.id as user_id, u.username, m.classroom_id, k.id as contest_id,
              cu.id as contest_user_id, substr(c.join_code, 5)::int as class_number
       from users u
       join classroom_members m on m.user_id = u.id
       join classrooms c on c.id = m.classroom_id
       join contests k on k.classroom_id = m.classroom_id
       join contest_users cu on cu.contest_id = k.id and cu.user_id = u.id
       order by u.id`,
    );
    const lessons = await client.query<{ id: number }>(
      `select id from lessons where retired_at is null order by course_id, position limit 12`,
    );
    const modules = await client.query<{ id: number; cards: Seeded['modules'][number]['cards'] }>(
      `select id, cards from zogo_modules where retired_at is null
       order by jsonb_array_length(cards), id limit 6`,
    );
    return {
      students: rows.map((row): Student => ({
        userId: row.user_id,
        username: row.username,
        classroomId: row.classroom_id,
        contestId: row.contest_id,
        contestUserId: row.contest_user_id,
        wave: row.class_number <= WAVE_CLASSES,
      })),
      lessons: lessons.rows.map((row) => row.id),
      modules: modules.rows,
    };
  });
  console.log(
    `seeded ${STUDENTS} students in ${CLASSES} classes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The students outside the wave signed in earlier in the day: their sessions are stored in
  // the template, so each run starts with them.
  app = await startApp(PORT, { DATABASE_URL: url, SEED_DEMO: 'false', MARKET_TICK_SECONDS: '0' });
  const base = new URL(app.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const early = seeded.students.filter((student) => !student.wave);
  const signInStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < early.length) {
        const student = early[next++]!;
        student.token = await signIn(agent, base, student);
      }
    }),
  );
  console.log(
    `signed ${early.length} students in beforehand in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`,
  );
  const securities = await request(agent, base, 'GET', '/api/securities/?page_size=50', {
    token: early[0]?.token ?? '',
  });
  agent.destroy();
  await app.stop();
  // Stocks of which a student's orders fit well inside the starting cash.
  const listed = (securities.body as { results: { id: number; last_price: number }[] }).results;
  const affordable = listed.filter(
    (row) => row.last_price * 5 * ORDERS_EACH < STARTING_CASH_CENTS / 4,
  );
  return { template, ...seeded, securities: affordable.slice(0, 40).map((row) => row.id) };
}

async function signIn(agent: http.Agent, base: URL, student: Student): Promise<string> {
  const answer = await request(agent, base, 'POST', '/api-token-auth/', {
    body: { username: student.username, password: PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`sign-in ${student.username}: ${answer.status}`);
  return (answer.body as { token: string }).token;
}

// ---------------------------------------------------------------------------------------------
// One run: a copy of the template, `workers` server processes, the day's window.

type Sample = { routeClass: RouteClass; at: number; ms: number };

type RunResult = {
  workers: number;
  samples: Sample[];
  errors: Map<string, number>;
  lost: Map<string, number>;
  serverCpu: number;
  postgresCpu: number;
  requests: number;
  sockets: number;
  socketFailures: number;
  postsUnheard: number;
  postsHeard: number;
  /** The database's size before the window, and what the window added. */
  sizeBefore: number;
  grownBytes: number;
};

async function run(seeded: Seeded, workers: number): Promise<RunResult> {
  const name = `bullpen_bench_district_run_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl!, (admin) =>
    admin.query(`create database ${name} template ${seeded.template}`),
  );
  let app: RunningServer | undefined;
  const sockets: WebSocket[] = [];
  try {
    app = await startApp(PORT, {
      DATABASE_URL: databaseUrl(name),
      WORKERS: String(workers),
      SEED_DEMO: 'false',
      MARKET_CALENDAR: 'always',
      // Every student's socket comes from 127.0.0.1 here; in a district they come from each
      // school's own address.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(STUDENTS + 100),
    });
    const base = new URL(app.url);
    // Let every worker start listening before the window opens.
    await sleep(3000 * workers);
    const agents = new Map<number, http.Agent>();
    const agentOf = (student: Student) => {
      let agent = agents.get(student.classroomId);
      if (!agent) {
        agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
        agents.set(student.classroomId, agent);
      }
      return agent;
    };

    const samples: Sample[] = [];
    const errors = new Map<string, number>();
    const count = (map: Map<string, number>, key: string, by = 1) =>
      map.set(key, (map.get(key) ?? 0) + by);
    let origin = performance.now();
    const timed = async (
      routeClass: RouteClass,
      student: Student,
      method: string,
      path: string,
      options: { body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<Answer | null> => {
      const started = performance.now();
      try {
        const answer = await request(agentOf(student), base, method, path, {
          token: student.token,
          ...options,
        });
        samples.push({ routeClass, at: started - origin, ms: performance.now() - started });
        if (answer.status < 200 || answer.status >= 300) {
          count(
            errors,
            // Grouped by what went wrong, not by its figures.
            `${routeClass} ${answer.status} ${JSON.stringify(answer.body)
              .replace(/[\d.,$]+/g, '#')
              .slice(0, 120)}`,
          );
          return null;
        }
        return answer;
      } catch (error) {
        count(errors, `${routeClass} ${(error as Error).message}`);
        return null;
      }
    };

    // Sockets: each student's tab hears their user, class and contest channels; one in ten is on
    // a market page and hears the prices too.
    let socketFailures = 0;
    const heard = new Map<number, Set<number>>(); // user id → board post ids heard
    const listening = new Map<number, number>(); // user id → when the class channel was joined
    const openSocket = (student: Student, index: number) =>
      new Promise<void>((resolve) => {
        const socket = new WebSocket(`ws://${base.host}/ws`);
        sockets.push(socket);
        heard.set(student.userId, new Set());
        let settled = false;
        const settle = () => {
          if (settled) return;
          settled = true;
          resolve();
        };
        socket.addEventListener('open', () => {
          socket.send(JSON.stringify({ type: 'auth', token: student.token }));
          const channels = [
            `user:${student.userId}`,
            `classroom:${student.classroomId}`,
            `contest:${student.contestId}`,
            ...(index % 10 === 0 ? ['prices'] : []),
          ];
          for (const channel of channels)
            socket.send(JSON.stringify({ type: 'subscribe', channel }));
        });
        socket.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data)) as {
            type: string;
            channel?: string;
            post?: { id: number };
          };
          if (
            message.type === 'subscribed' &&
            message.channel === `classroom:${student.classroomId}`
          ) {
            listening.set(student.userId, performance.now());
            settle();
          } else if (message.type === 'error') {
            socketFailures += 1;
            settle();
          } else if (message.type === 'post' && message.post) {
            heard.get(student.userId)!.add(message.post.id);
          }
        });
        socket.addEventListener('close', (event) => {
          if (!stopping) {
            socketFailures += 1;
            count(errors, `socket closed ${event.code}`);
          }
          settle();
        });
        socket.addEventListener('error', () => settle());
      });
    let stopping = false;

    const students = seeded.students;
    const early = students.filter((student) => !student.wave);
    for (let index = 0; index < early.length; index += 200) {
      await Promise.all(
        early
          .slice(index, index + 200)
          .map((student, offset) => openSocket(student, index + offset)),
      );
    }

    // Writes answered, to count against the database afterwards.
    const orderKeys = new Set<string>();
    let attempts = 0;
    let completions = 0;
    const posts: { id: number; classroomId: number; at: number }[] = [];

    const placeOrders = async (student: Student, from: number) => {
      const moments = Array.from(
        { length: ORDERS_EACH },
        () => from + Math.random() * (WINDOW_S * 1000 - from),
      ).sort((a, b) => a - b);
      for (const [n, moment] of moments.entries()) {
        await sleep(moment - (performance.now() - origin));
        const key = randomUUID();
        const body = {
          contest_user: student.contestUserId,
          security: seeded.securities[(student.userId + n) % seeded.securities.length],
          order_type: 'BUY',
          quantity: 1 + (student.userId % 5),
        };
        const copies = (student.userId + n) % 10 === 0 ? 2 : 1;
        for (let copy = 0; copy < copies; copy += 1) {
          const answer = await timed('order', student, 'POST', '/api/contest-user-orders/', {
            body,
            headers: { 'idempotency-key': key },
          });
          if (answer) orderKeys.add(key);
        }
        await timed(
          'leaderboard',
          student,
          'GET',
          `/api/contest-users/leaderboard/?contest=${student.contestId}&page=1`,
        );
      }
    };

    const takeLesson = async (student: Student) => {
      const lessonId = seeded.lessons[student.userId % seeded.lessons.length]!;
      const lesson = await timed('lesson', student, 'GET', `/api/learn/lessons/${lessonId}/`);
      if (!lesson) return;
      const questions = (lesson.body as { questions: { id: string }[] }).questions;
      await sleep(5000 + Math.random() * 10_000);
      const answers = Object.fromEntries(
        questions.map((question, n) => [question.id, (student.userId + n) % 2]),
      );
      const answered = await timed(
        'quiz attempt',
        student,
        'POST',
        `/api/learn/lessons/${lessonId}/attempts/`,
        {
          body: { answers },
          headers: { 'idempotency-key': randomUUID() },
        },
      );
      if (answered) attempts += 1;
    };

    const playModule = async (student: Student) => {
      const module = seeded.modules[student.userId % seeded.modules.length]!;
      const token = await timed('module', student, 'GET', '/api/auth/zogo-token/');
      const shown = await timed('module', student, 'GET', `/api/zogo/modules/${module.id}/`);
      if (!token || !shown) return;
      for (let card = 0; card < module.cards.length; card += 1) {
        await timed(
          'card start',
          student,
          'POST',
          `/api/zogo/modules/${module.id}/cards/${card}/start/`,
        );
        await sleep(5200);
      }
      const answers = module.cards
        .filter((card) => card.type === 'question')
        .map((card) => ({ question: card.id!, choice: card.answer! }));
      const finished = await timed('module finish', student, 'PUT', '/api/points/points/zogo/', {
        body: {
          module: module.id,
          answers,
          zogo_token: (token.body as { zogo_token: string }).zogo_token,
        },
      });
      if (finished) completions += 1;
    };

    const post = async (student: Student) => {
      const answer = await timed(
        'board post',
        student,
        'POST',
        `/api/classrooms/classrooms/${student.classroomId}/posts/`,
        {
          body: { message: `Bought my first shares today (${student.username})` },
        },
      );
      if (answer) {
        posts.push({
          id: (answer.body as { id: number }).id,
          classroomId: student.classroomId,
          at: performance.now(),
        });
      }
    };

    const databaseSize = () =>
      withClient(databaseUrl(name), async (client) =>
        Number(
          (
            await client.query<{ size: string }>(
              `select pg_database_size(current_database()) as size`,
            )
          ).rows[0]!.size,
        ),
      );
    const sizeBefore = await databaseSize();
    const serverCpuBefore = treeCpuSeconds(app.pid);
    const postgresCpuBefore = postgresCpuSeconds();
    origin = performance.now();
    const scripts = students.map(async (student, index) => {
      if (!student.wave) {
        // Signed in earlier: they come back to the app at some moment of the window.
        await sleep(Math.random() * WINDOW_S * 1000 * 0.5);
        await timed('profile', student, 'GET', `/api/users/${student.userId}/`);
        await Promise.all([
          placeOrders(student, performance.now() - origin),
          index % 4 === 0 ? takeLesson(student) : null,
        ]);
        return;
      }
      await sleep(Math.random() * WAVE_S * 1000);
      const started = performance.now();
      try {
        student.token = await signIn(agentOf(student), base, student);
        samples.push({
          routeClass: 'sign-in',
          at: started - origin,
          ms: performance.now() - started,
        });
      } catch (error) {
        count(errors, `sign-in ${(error as Error).message}`);
        return;
      }
      await openSocket(student, index);
      await timed('profile', student, 'GET', `/api/users/${student.userId}/`);
      await Promise.all([
        placeOrders(student, performance.now() - origin),
        takeLesson(student),
        playModule(student),
        index % 5 === 0 ? sleep(Math.random() * 20_000).then(() => post(student)) : null,
      ]);
    });
    await Promise.all(scripts);
    const elapsed = (performance.now() - origin) / 1000;
    await sleep(3000); // the last board posts' fan-out
    const serverCpu = treeCpuSeconds(app.pid) - serverCpuBefore;
    const postgresCpu = postgresCpuSeconds() - postgresCpuBefore;
    console.log(`  window ran ${elapsed.toFixed(0)} s`);

    // Every class member listening before a post was answered must have heard it.
    let postsUnheard = 0;
    let postsHeard = 0;
    for (const student of students) {
      const since = listening.get(student.userId);
      if (since === undefined) continue;
      for (const sent of posts) {
        if (sent.classroomId !== student.classroomId || sent.at < since) continue;
        if (heard.get(student.userId)!.has(sent.id)) postsHeard += 1;
        else postsUnheard += 1;
      }
    }
    const grownBytes = (await databaseSize()) - sizeBefore;
    stopping = true;
    for (const socket of sockets) socket.close();
    for (const agent of agents.values()) agent.destroy();

    const lost = await withClient(databaseUrl(name), async (client) => {
      const one = async (text: string) =>
        Number(Object.values((await client.query(text)).rows[0] as object)[0]);
      const storedOrders = await one(
        `select count(*) from orders where idempotency_key is not null`,
      );
      const distinctOrders = await one(
        `select count(distinct (contest_user_id, idempotency_key)) from orders`,
      );
      const storedAttempts = await one(`select count(*) from quiz_attempts`);
      const storedPosts = await one(`select count(*) from classroom_posts`);
      const storedCompletions = await one(`select count(*) from zogo_completions`);
      const moduleLedger = await one(`select count(*) from point_entries where reason = 'module'`);
      // Each portfolio's cash is its starting cash plus every fill's cash and paid dividend.
      const cashOff = await one(
        `select count(*) from contest_users cu join contests k on k.id = cu.contest_id
         where cu.cash_cents <> k.starting_cash_cents
           + coalesce((select sum(o.cash_delta_cents) from orders o
                       where o.contest_user_id = cu.id and o.status = 'filled'), 0)
           + coalesce((select sum(e.cash_cents) from corporate_action_entries e
                       where e.contest_user_id = cu.id and e.status in ('paid', 'applied')), 0)`,
      );
      return new Map([
        ['orders', Math.abs(storedOrders - orderKeys.size) + (storedOrders - distinctOrders)],
        ['quiz attempts', Math.abs(storedAttempts - attempts)],
        ['board posts', Math.abs(storedPosts - posts.length)],
        ['module completions', Math.abs(storedCompletions - completions)],
        ['module points', Math.abs(moduleLedger - storedCompletions)],
        ['portfolios whose cash is not their fills', cashOff],
      ]);
    });
    return {
      workers,
      samples,
      errors,
      lost,
      serverCpu,
      postgresCpu,
      requests: samples.length,
      sockets: sockets.length,
      socketFailures,
      postsUnheard,
      postsHeard,
      sizeBefore,
      grownBytes,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await app?.stop();
    await withClient(serverUrl!, (admin) =>
      admin.query(`drop database if exists ${name} with (force)`),
    );
  }
}

// ---------------------------------------------------------------------------------------------

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

type Latency = { count: number; p50: number; p99: number };

function latency(samples: Sample[], keep: (sample: Sample) => boolean): Latency {
  const sorted = samples
    .filter(keep)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

const ms = (value: number) => value.toFixed(1);

function report(result: RunResult): { wave: { read: Latency; write: Latency } } {
  const atWave = (sample: Sample) => sample.at < WAVE_S * 1000;
  console.log(`\n${result.workers} server process${result.workers > 1 ? 'es' : ''}`);
  console.log(
    '| route class | kind | answers | p50 ms (wave) | p99 ms (wave) | p50 ms (window) | p99 ms (window) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  const classes = [...new Set(result.samples.map((sample) => sample.routeClass))].sort();
  for (const routeClass of classes) {
    const all = latency(result.samples, (sample) => sample.routeClass === routeClass);
    const wave = latency(
      result.samples,
      (sample) => sample.routeClass === routeClass && atWave(sample),
    );
    console.log(
      `| ${routeClass} | ${WRITES.has(routeClass) ? 'write' : 'read'} | ${all.count} | ${ms(wave.p50)} | ${ms(wave.p99)} | ${ms(all.p50)} | ${ms(all.p99)} |`,
    );
  }
  const kind = (write: boolean, keep: (sample: Sample) => boolean) =>
    latency(result.samples, (sample) => WRITES.has(sample.routeClass) === write && keep(sample));
  const wave = { read: kind(false, atWave), write: kind(true, atWave) };
  const window = { read: kind(false, () => true), write: kind(true, () => true) };
  const mark = (ok: boolean) => (ok ? 'pass' : 'short');
  const errors = [...result.errors.values()].reduce((sum, value) => sum + value, 0);
  const lost = [...result.lost.values()].reduce((sum, value) => sum + value, 0);
  console.log('\n| measure | value | target | mark |');
  console.log('| --- | ---: | ---: | --- |');
  console.log(
    `| reads p50 / p99 ms at the wave | ${ms(wave.read.p50)} / ${ms(wave.read.p99)} | p99 ≤ ${TARGET_READ_P99} | ${mark(wave.read.p99 <= TARGET_READ_P99)} |`,
  );
  console.log(
    `| writes p50 / p99 ms at the wave | ${ms(wave.write.p50)} / ${ms(wave.write.p99)} | p99 ≤ ${TARGET_WRITE_P99} | ${mark(wave.write.p99 <= TARGET_WRITE_P99)} |`,
  );
  console.log(
    `| reads p50 / p99 ms over the window | ${ms(window.read.p50)} / ${ms(window.read.p99)} | | |`,
  );
  console.log(
    `| writes p50 / p99 ms over the window | ${ms(window.write.p50)} / ${ms(window.write.p99)} | | |`,
  );
  console.log(
    `| errors (of ${result.requests} requests and ${result.sockets} sockets) | ${errors} | 0 | ${mark(errors === 0)} |`,
  );
  console.log(`| writes lost or duplicated | ${lost} | 0 | ${lost === 0 ? 'pass' : 'FAIL'} |`);
  console.log(
    `| board posts a listening classmate never heard (of ${result.postsHeard + result.postsUnheard}) | ${result.postsUnheard} | 0 | ${result.postsUnheard === 0 ? 'pass' : 'FAIL'} |`,
  );
  console.log(
    `| server CPU s (per 1,000 requests) | ${result.serverCpu.toFixed(1)} (${((result.serverCpu * 1000) / result.requests).toFixed(2)}) | | |`,
  );
  console.log(
    `| PostgreSQL CPU s (per 1,000 requests) | ${result.postgresCpu.toFixed(1)} (${((result.postgresCpu * 1000) / result.requests).toFixed(2)}) | | |`,
  );
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `| database MiB before the window, added by it (per 1,000 students) | ${mib(result.sizeBefore)}, ${mib(result.grownBytes)} (${mib((result.grownBytes * 1000) / STUDENTS)}) | | |`,
  );
  for (const [what, value] of result.lost)
    if (value) console.log(`  lost or duplicated ${what}: ${value}`);
  for (const [what, value] of result.errors) console.log(`  error ×${value}: ${what}`);
  return { wave };
}

const template = `bullpen_bench_district_${randomBytes(4).toString('hex')}`;
await withClient(serverUrl, (admin) => admin.query(`create database ${template}`));
try {
  const seeded = await seed(template);
  console.log(
    `\nA district's day: ${STUDENTS} students in ${CLASSES} classes, a wave of ${WAVE_CLASSES} classes signing in over ${WAVE_S} s, ${ORDERS_EACH} orders each over ${WINDOW_S} s`,
  );
  const results: RunResult[] = [];
  for (const workers of WORKER_COUNTS) {
    const result = await run(seeded, workers);
    results.push(result);
  }
  const reports = results.map(report);
  if (results.length === 2) {
    const [one, two] = reports as [ReturnType<typeof report>, ReturnType<typeof report>];
    console.log(`\n| ${results[1]!.workers} processes ÷ ${results[0]!.workers} | ratio |`);
    console.log('| --- | ---: |');
    console.log(
      `| reads p99 at the wave | ${(two.wave.read.p99 / one.wave.read.p99).toFixed(2)} |`,
    );
    console.log(
      `| writes p99 at the wave | ${(two.wave.write.p99 / one.wave.write.p99).toFixed(2)} |`,
    );
    console.log(`| server CPU s | ${(results[1]!.serverCpu / results[0]!.serverCpu).toFixed(2)} |`);
  }
} finally {
  await withClient(serverUrl, (admin) =>
    admin.query(`drop database if exists ${template} with (force)`),
  );
}
