import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { buildTestApp, buildUser, marketTimes, type TestApp } from '../test/app.ts';

/** POST/GET /api/market/splits/: staff schedule splits; students, teachers and strangers cannot. */
let t: TestApp;
let staff: Awaited<ReturnType<typeof buildUser>>;
const url = '/api/market/splits/';
const valid = { symbol: 'aapl', numerator: 4, denominator: 1, effective_date: '2026-12-01' };

beforeAll(async () => {
  t = await buildTestApp();
  t.app.market.clock.now = () => marketTimes.open;
  staff = await buildUser(t.deps);
  await t.deps.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
});
afterAll(async () => t.close());

describe('who may schedule a split', () => {
  it('refuses strangers (401), students and teachers (403)', async () => {
    const stranger = await t.app.inject({ method: 'POST', url, payload: valid });
    expect(stranger.statusCode).toBe(401);
    const student = await buildUser(t.deps);
    const teacher = await buildUser(t.deps, { is_teacher: true });
    for (const who of [student, teacher]) {
      const post = await t.app.inject({ method: 'POST', url, headers: who.auth, payload: valid });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ error: 'Only staff can schedule a split.' });
      const list = await t.app.inject({ method: 'GET', url, headers: who.auth });
      expect(list.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('lets staff schedule one, lists it, and prices it from its effective date', async () => {
    const before = await t.app.market.provider.quote('AAPL', Date.parse('2026-12-01T14:00:00Z'));
    const post = await t.app.inject({ method: 'POST', url, headers: staff.auth, payload: valid });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json()).toMatchObject({
      symbol: 'AAPL',
      numerator: 4,
      denominator: 1,
      effective_date: '2026-12-01',
    });
    const after = await t.app.market.provider.quote('AAPL', Date.parse('2026-12-01T14:00:00Z'));
    expect(after!.lastCents).toBe(Math.round(before!.lastCents / 4));
    const list = await t.app.inject({ method: 'GET', url, headers: staff.auth });
    expect(list.json().results).toHaveLength(1);
    const again = await t.app.inject({ method: 'POST', url, headers: staff.auth, payload: valid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'AAPL already has a split on 2026-12-01.' });
  });

  it('refuses bad input with the field and a 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, symbol: 'ZZZZ' }, 'symbol'],
      [{ ...valid, effective_date: '2026-11-18' }, 'effective_date'],
      [{ ...valid, effective_date: '2026-11-28' }, 'effective_date'],
      [{ ...valid, effective_date: 'tomorrow' }, 'effective_date'],
      [{ ...valid, numerator: 2, denominator: 2 }, 'denominator'],
      [{ ...valid, numerator: 0 }, 'numerator'],
      [{ ...valid, numerator: 1.5 }, 'numerator'],
      [{ ...valid, denominator: 5000 }, 'denominator'],
      [{ ...valid, extra: true }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url, headers: staff.auth, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(payload)).toContain(field);
    }
  });
});
