import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import { progressViewer } from './policies.ts';

describe('learn policies', () => {
  it('shows progress to its own user, and none to a visitor', () => {
    expect(progressViewer({ id: 5 } as UserRow)).toBe(5);
    expect(progressViewer(null)).toBeNull();
  });
});
