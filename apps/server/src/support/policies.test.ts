import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import { canReadSupportInbox, ticketAudience } from './policies.ts';

describe('support policies', () => {
  it('asks a visitor as a guest and a signed-in user as a member', () => {
    expect(ticketAudience(null)).toBe('guest');
    expect(ticketAudience({ id: 5 } as UserRow)).toBe('member');
  });

  it('keeps the inbox to staff', () => {
    expect(canReadSupportInbox({ id: 5, isStaff: true } as UserRow)).toBe(true);
    expect(canReadSupportInbox({ id: 5, isStaff: false, isTeacher: true } as UserRow)).toBe(false);
  });
});
