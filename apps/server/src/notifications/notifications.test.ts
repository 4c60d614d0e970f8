import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LessonReminderPayload } from '@bullpen/contract/notifications';
import { notifications } from '../db/schema/notifications.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { notifyUsers } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const payload = (lesson: string): LessonReminderPayload => ({
  classroom_id: 1,
  classroom: 'Period 3',
  lesson_id: 2,
  lesson,
  course: 'Money',
  due_at: null,
});

describe('in-app notifications', () => {
  it('lists only the signed-in user’s own, newest first, and needs a session', async () => {
    const mia = await buildUser(t.deps);
    const sam = await buildUser(t.deps);
    await notifyUsers(
      t.deps.db,
      [mia.user.id, sam.user.id],
      'lesson_reminder',
      payload('First'),
      new Date(),
    );
    await notifyUsers(t.deps.db, [mia.user.id], 'lesson_reminder', payload('Second'), new Date());
    const list = (auth: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/notifications/', headers: auth });
    const mine = (await list(mia.auth)).json().results;
    expect(mine.map((note: { payload: LessonReminderPayload }) => note.payload.lesson)).toEqual([
      'Second',
      'First',
    ]);
    expect((await list(sam.auth)).json().results).toHaveLength(1);
    expect((await list({})).statusCode).toBe(401);
  });

  it('marks one read for its owner only, once; another user gets 404', async () => {
    const owner = await buildUser(t.deps);
    const stranger = await buildUser(t.deps);
    await notifyUsers(t.deps.db, [owner.user.id], 'lesson_reminder', payload('Budget'), new Date());
    const [row] = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    const read = (auth: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/notifications/${row!.id}/read/`, headers: auth });
    expect((await read(stranger.auth)).statusCode).toBe(404);
    const first = await read(owner.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: row!.id, kind: 'lesson_reminder' });
    const again = await read(owner.auth);
    expect(again.json().read_at).toBe(first.json().read_at);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/abc/read/',
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('forgets notifications after the retention period', async () => {
    const old = await buildUser(t.deps);
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    await notifyUsers(t.deps.db, [old.user.id], 'lesson_reminder', payload('Old'), longAgo);
    await notifyUsers(t.deps.db, [old.user.id], 'lesson_reminder', payload('New'), new Date());
    const left = await t.deps.db
      .select({ lesson: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, old.user.id));
    expect(left.map((row) => (row.lesson as LessonReminderPayload).lesson)).toEqual(['New']);
  });
});
