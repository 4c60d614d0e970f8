import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import { canReadExport } from './policies.ts';

describe('privacy policies', () => {
  it('shows an export only to the person who asked for it', () => {
    expect(canReadExport({ id: 5 } as UserRow, { requestedBy: 5 })).toBe(true);
    expect(canReadExport({ id: 6, isStaff: true } as UserRow, { requestedBy: 5 })).toBe(false);
  });
});
