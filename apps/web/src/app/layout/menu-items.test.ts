import { describe, expect, it } from 'vitest';
import type { User } from '@bullpen/contract/users';
import { i18n } from '@/lib/i18n.ts';
import { setTestLanguage } from '@/test/render.tsx';
import { headerEntries, profileMenu } from './menu-items.ts';

const student = { username: 'ana', is_teacher: false, is_staff: false } as User;

describe('the profile menu', () => {
  it('leads every role to its account settings, before logging out', async () => {
    await setTestLanguage('en');
    const t = i18n.getFixedT('en', 'common');
    for (const user of [
      student,
      { ...student, is_teacher: true },
      { ...student, is_staff: true },
    ]) {
      const items = profileMenu(user, t).items;
      expect(items[0]).toEqual({ label: 'Settings', to: '/settings' });
      expect(items.at(-1)).toEqual({ label: 'Log out', to: '/logout' });
    }
  });

  it('gives staff, and only staff, the staff pages: teachers, accounts, the audit log, rosters', async () => {
    await setTestLanguage('en');
    const t = i18n.getFixedT('en', 'common');
    const labels = (user: User) => profileMenu(user, t).items.map((item) => item.to);
    expect(labels({ ...student, is_staff: true })).toEqual([
      '/settings',
      '/support-inbox',
      '/staff/teachers',
      '/staff/users',
      '/staff/audit-log',
      '/rosters/import',
      '/logout',
    ]);
    expect(labels({ ...student, is_teacher: true })).toEqual(['/settings', '/logout']);
  });
});

describe('a guardian’s menus', () => {
  it('has only the home in the header and the settings in the profile menu', async () => {
    await setTestLanguage('en');
    const t = i18n.getFixedT('en', 'common');
    const guardian = { ...student, is_guardian: true };
    expect(headerEntries(guardian, t)).toEqual([{ label: 'Home', to: '/home' }]);
    expect(profileMenu(guardian, t).items.map((item) => item.to)).toEqual(['/settings', '/logout']);
  });

  it('gives students, and only students, the page of their parents', async () => {
    await setTestLanguage('en');
    const t = i18n.getFixedT('en', 'common');
    expect(profileMenu(student, t).items).toContainEqual({ label: 'My parents', to: '/parents' });
    expect(profileMenu({ ...student, is_teacher: true }, t).items.map((i) => i.to)).not.toContain(
      '/parents',
    );
  });
});
