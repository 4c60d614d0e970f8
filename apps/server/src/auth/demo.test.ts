import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { demoAccounts, seedDemoAccounts } from './demo.ts';
import { countUsers } from '../users/queries.ts';

describe('demo data', () => {
  it('creates the demo accounts on an empty database only, once', async () => {
    const fresh = await buildTestApp();
    try {
      expect(await seedDemoAccounts(fresh.deps, fresh.app.log)).toBe(true);
      expect(await countUsers(fresh.deps.db)).toBe(demoAccounts.length);
      expect(await seedDemoAccounts(fresh.deps, fresh.app.log)).toBe(false);
      expect(await countUsers(fresh.deps.db)).toBe(demoAccounts.length);
      const teacher = demoAccounts.find((account) => account.is_teacher)!;
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api-token-auth/',
        payload: { username: teacher.username, password: teacher.password },
      });
      expect(login.json().user).toMatchObject({
        is_teacher: true,
        is_staff: false,
        email_verified: true,
        // The demo teacher shows awards and rewards at once (docs/decisions/028).
        teacher_trusted: true,
      });
      const staff = demoAccounts.find((account) => account.is_staff)!;
      const staffLogin = await fresh.app.inject({
        method: 'POST',
        url: '/api-token-auth/',
        payload: { username: staff.username, password: staff.password },
      });
      expect(staffLogin.json().user).toMatchObject({ username: 'bullpen.staff', is_staff: true });
    } finally {
      await fresh.close();
    }
  });
});
