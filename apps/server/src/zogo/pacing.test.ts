import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZOGO_CHECKS_PER_MINUTE,
  ZOGO_CHECKS_PER_QUESTION,
  ZOGO_DAILY_POINTS_CAP,
  ZOGO_SECONDS_PER_CARD,
  zogoMessages,
} from '@bullpen/contract/zogo';
import { ledgerSum } from '../points/service.ts';
import { buildTestApp, buildUser, testContentDir, type TestApp } from '../test/app.ts';

/**
 * Learn and earn cannot be farmed (docs/decisions/029-paced-learn-and-earn-and-quiz-retries.md):
 * a module pays only for cards served at a plausible pace, answer checks are limited per
 * question and per minute, and module points per day are capped. Time moves by the app's
 * clock (`app.zogo.clock`), never by waiting. The test modules plus five "extra" modules of 50
 * points each, so the cap can be reached.
 */
let t: TestApp;
let scratch: string;
const EXTRA = 5;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-paced-'));
  await fs.cp(testContentDir, scratch, { recursive: true });
  const saveFirst = await fs.readFile(
    path.join(scratch, 'modules/saving/01-save-first.yaml'),
    'utf8',
  );
  for (let extra = 1; extra <= EXTRA; extra++) {
    const text = saveFirst
      .replace('slug: save-first', `slug: extra-${extra}`)
      .replace('name: Save first', `name: Extra ${extra}`)
      .replace('points: 15', 'points: 50')
      .replace('lessons: [pay-yourself-first]', 'lessons: []')
      .replace('id: first-step', `id: first-step-${extra}`)
      .replace('id: ten-of-hundred', `id: ten-of-hundred-${extra}`);
    await fs.writeFile(
      path.join(scratch, `modules/saving/0${extra + 1}-extra-${extra}.yaml`),
      text,
    );
  }
  t = await buildTestApp({ CONTENT_DIR: scratch });
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

type Who = Awaited<ReturnType<typeof buildUser>>;
type Card = { type: 'read' } | { type: 'question'; id: string; choices: string[] };
type Detail = { id: number; slug: string; points: number; cards: Card[] };

const URL = {
  token: '/api/auth/zogo-token/',
  modules: '/api/zogo/modules/',
  module: (id: number) => `/api/zogo/modules/${id}/`,
  check: (id: number) => `/api/zogo/modules/${id}/check/`,
  start: (id: number, card: number | string) => `/api/zogo/modules/${id}/cards/${card}/start/`,
  today: '/api/zogo/today/',
  points: '/api/points/points/zogo/',
};

/** The right answers, by question id (the extra modules are copies of save-first). */
const RIGHT: Record<string, number> = {
  'gross-is': 0,
  'net-pay-sum': 1,
  'first-step': 1,
  'ten-of-hundred': 1,
  'share-is': 1,
  'price-moves': 0,
  'two-shares': 1,
};
const rightChoice = (question: string) => RIGHT[question.replace(/-\d+$/, '')]!;

/** Runs `body` with the app's clock at `at`; the real clock comes back after. */
async function atTime<T>(at: Date, body: () => Promise<T>): Promise<T> {
  const realNow = t.app.zogo.clock.now;
  t.app.zogo.clock.now = () => at;
  try {
    return await body();
  } finally {
    t.app.zogo.clock.now = realNow;
  }
}

async function detailOf(who: Who, slug: string): Promise<Detail> {
  const list = (await t.app.inject({ url: URL.modules, headers: who.auth })).json() as Detail[];
  const found = list.find((module) => module.slug === slug);
  if (!found) throw new Error(`no module ${slug}`);
  return (await t.app.inject({ url: URL.module(found.id), headers: who.auth })).json();
}

function startCard(who: Who, moduleId: number, card: number | string) {
  return t.app.inject({ method: 'POST', url: URL.start(moduleId, card), headers: who.auth });
}

async function startEvery(who: Who, module: Detail): Promise<void> {
  for (const [card] of module.cards.entries()) {
    expect((await startCard(who, module.id, card)).statusCode).toBe(200);
  }
}

function check(who: Who, moduleId: number, question: string, choice: number) {
  return t.app.inject({
    method: 'POST',
    url: URL.check(moduleId),
    headers: who.auth,
    payload: { question, choice },
  });
}

async function zogoToken(who: Who): Promise<string> {
  return (await t.app.inject({ url: URL.token, headers: who.auth })).json().zogo_token;
}

function answersOf(module: Detail) {
  return module.cards.flatMap((card) =>
    card.type === 'question' ? [{ question: card.id, choice: rightChoice(card.id) }] : [],
  );
}

async function complete(who: Who, module: Detail, zogo_token?: string) {
  return t.app.inject({
    method: 'PUT',
    url: URL.points,
    headers: who.auth,
    payload: {
      module: module.id,
      answers: answersOf(module),
      zogo_token: zogo_token ?? (await zogoToken(who)),
    },
  });
}

async function today(who: Who) {
  return (await t.app.inject({ url: URL.today, headers: who.auth })).json();
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('serving cards', () => {
  it('keeps the first time a card was served, and refuses a card the module does not have', async () => {
    const student = await buildUser(t.deps);
    const module = await detailOf(student, 'gross-or-net');
    const first = await atTime(minutesAgo(5), () => startCard(student, module.id, 0));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ module: module.id, card: 0, started_at: expect.any(String) });
    const again = await startCard(student, module.id, 0);
    expect(again.json().started_at).toBe(first.json().started_at);

    const beyond = await startCard(student, module.id, module.cards.length);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ card: [zogoMessages.unknownCard] });
    for (const card of ['-1', 'x', '8', '1.5']) {
      expect((await startCard(student, module.id, card)).statusCode, card).toBe(400);
    }
    const missing = await startCard(student, 999999, 0);
    expect(missing.statusCode).toBe(404);
  });
});

describe('pacing', () => {
  it('pays nothing for cards never served, nor before every card had its seconds', async () => {
    const student = await buildUser(t.deps);
    const module = await detailOf(student, 'what-a-share-is');
    const zogo_token = await zogoToken(student);

    const unplayed = await complete(student, module, zogo_token);
    expect(unplayed.statusCode).toBe(400);
    expect(unplayed.json()).toEqual({ non_field_errors: [zogoMessages.notPlayed] });

    const started = new Date();
    const needed = module.cards.length * ZOGO_SECONDS_PER_CARD;
    await atTime(started, () => startEvery(student, module));
    const tooSoon = await atTime(new Date(started.getTime() + (needed - 2) * 1000), () =>
      complete(student, module, zogo_token),
    );
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json()).toEqual({ non_field_errors: [zogoMessages.tooFast(2)] });
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(0);

    const paced = await atTime(new Date(started.getTime() + needed * 1000), () =>
      complete(student, module, zogo_token),
    );
    expect(paced.statusCode).toBe(200);
    expect(paced.json()).toMatchObject({ points_awarded: module.points });
  });

  it('a script that serves every module at once and finishes at once earns nothing', async () => {
    const student = await buildUser(t.deps);
    const list = (await t.app.inject({ url: URL.modules, headers: student.auth })).json() as {
      slug: string;
    }[];
    const results = await Promise.all(
      list.map(async ({ slug }) => {
        const module = await detailOf(student, slug);
        await startEvery(student, module);
        return (await complete(student, module)).statusCode;
      }),
    );
    expect(results).toEqual(Array(list.length).fill(400));
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(0);
  });
});

describe('answer checks', () => {
  it('checks only a served question, and a few times at most', async () => {
    const student = await buildUser(t.deps);
    const module = await detailOf(student, 'gross-or-net');
    const question = 'gross-is';
    const unserved = await check(student, module.id, question, 0);
    expect(unserved.statusCode).toBe(400);
    expect(unserved.json()).toEqual({ non_field_errors: [zogoMessages.notPlayed] });

    await startEvery(student, module);
    for (let spent = 0; spent < ZOGO_CHECKS_PER_QUESTION; spent++) {
      expect((await check(student, module.id, question, spent % 3)).statusCode).toBe(200);
    }
    const used = await check(student, module.id, question, 0);
    expect(used.statusCode).toBe(429);
    expect(used.json()).toEqual({ error: zogoMessages.checksUsed });
    // Another question of the module has its own checks; another student has theirs.
    expect((await check(student, module.id, 'net-pay-sum', 1)).json()).toMatchObject({
      correct: true,
    });
    const other = await buildUser(t.deps);
    await startEvery(other, module);
    expect((await check(other, module.id, question, 0)).statusCode).toBe(200);
  });

  it(`allows ${ZOGO_CHECKS_PER_MINUTE} checks a minute, exactly, even all at once; then 429 with the wait`, async () => {
    const student = await buildUser(t.deps);
    const started = new Date();
    const questions: { moduleId: number; id: string }[] = [];
    for (const slug of ['gross-or-net', 'what-a-share-is', 'extra-1']) {
      const module = await detailOf(student, slug);
      await atTime(started, () => startEvery(student, module));
      for (const card of module.cards) {
        if (card.type === 'question') questions.push({ moduleId: module.id, id: card.id });
      }
    }
    // 7 questions × 5 checks = 35 checks available per question, more than the minute allows.
    const sends = questions.flatMap((question) =>
      Array.from({ length: ZOGO_CHECKS_PER_QUESTION }, () => question),
    );
    expect(sends.length).toBeGreaterThan(ZOGO_CHECKS_PER_MINUTE);
    const at = new Date(started.getTime() + 10_000);
    const responses = await atTime(at, () =>
      Promise.all(sends.map((question) => check(student, question.moduleId, question.id, 0))),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(ZOGO_CHECKS_PER_MINUTE);
    expect(codes.filter((code) => code === 429)).toHaveLength(
      sends.length - ZOGO_CHECKS_PER_MINUTE,
    );
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: zogoMessages.checksPerMinute(60) });

    // A minute after the window opened, checks go through again.
    const later = await atTime(new Date(started.getTime() + 71_000), () =>
      check(student, questions[6]!.moduleId, questions[6]!.id, 0),
    );
    expect(later.statusCode).toBe(200);
  });

  it('counts a wrong finish as a check, so finishing is no oracle either', async () => {
    const student = await buildUser(t.deps);
    const module = await detailOf(student, 'save-first');
    await atTime(minutesAgo(5), () => startEvery(student, module));
    const zogo_token = await zogoToken(student);
    const wrong = { module: module.id, zogo_token, answers: answersOf(module) };
    wrong.answers[0] = { ...wrong.answers[0]!, choice: 0 };
    const codes: number[] = [];
    for (let send = 0; send <= ZOGO_CHECKS_PER_MINUTE; send++) {
      const response = await t.app.inject({
        method: 'PUT',
        url: URL.points,
        headers: student.auth,
        payload: wrong,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, ZOGO_CHECKS_PER_MINUTE)).toEqual(Array(ZOGO_CHECKS_PER_MINUTE).fill(400));
    expect(codes.at(-1)).toBe(429);
  });
});

describe('the daily cap', () => {
  it('pays once for 10 simultaneous completions of one module', async () => {
    const student = await buildUser(t.deps);
    const module = await detailOf(student, 'extra-1');
    await atTime(minutesAgo(5), () => startEvery(student, module));
    const zogo_token = await zogoToken(student);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => complete(student, module, zogo_token)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const paid = responses.map((response) => response.json().points_awarded);
    expect(paid.filter((points) => points === 50)).toHaveLength(1);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(50);
    expect(await today(student)).toEqual({ points_today: 50, daily_cap: ZOGO_DAILY_POINTS_CAP });
  });

  it('never pays past the cap, even for simultaneous completions of different modules', async () => {
    const student = await buildUser(t.deps);
    const slugs = Array.from({ length: EXTRA }, (_, extra) => `extra-${extra + 1}`);
    const modules = await Promise.all(slugs.map((slug) => detailOf(student, slug)));
    for (const module of modules) await atTime(minutesAgo(5), () => startEvery(student, module));
    const zogo_token = await zogoToken(student);
    const responses = await Promise.all(
      modules.map((module) => complete(student, module, zogo_token)),
    );
    const codes = responses.map((response) => response.statusCode);
    // 5 × 50 points against a cap of 150: exactly three are paid.
    expect(codes.filter((code) => code === 200)).toHaveLength(ZOGO_DAILY_POINTS_CAP / 50);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(EXTRA - ZOGO_DAILY_POINTS_CAP / 50);
    expect(refused[0]!.json()).toEqual({ error: zogoMessages.dailyCap(ZOGO_DAILY_POINTS_CAP) });
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(ZOGO_DAILY_POINTS_CAP);
    expect(await today(student)).toMatchObject({ points_today: ZOGO_DAILY_POINTS_CAP });

    // A refused module is not marked completed, so it can pay tomorrow.
    const list = (await t.app.inject({ url: URL.modules, headers: student.auth })).json() as {
      slug: string;
      completed: boolean;
    }[];
    expect(list.filter((module) => module.completed)).toHaveLength(ZOGO_DAILY_POINTS_CAP / 50);
    const unpaid = modules[codes.indexOf(409)]!;
    // A minute into the next UTC day, with a token of that time (the session still runs).
    const tomorrow = new Date(Date.now());
    tomorrow.setUTCHours(24, 1, 0, 0);
    const next = await atTime(tomorrow, () => complete(student, unpaid));
    expect(next.json()).toMatchObject({ points_awarded: 50 });
    expect(await atTime(tomorrow, () => today(student))).toMatchObject({ points_today: 50 });
  });
});
