import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { checkOnce } from './content-checks.ts';

describe('content checks remembered per build and content', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('checks once for the same build and content, and again when either changes', async () => {
    const check = vi.fn();
    const content = { lessons: ['budgets', 'saving'] };
    await checkOnce(database.db, 'lessons', content, check, 'build-a');
    await checkOnce(database.db, 'lessons', { lessons: ['budgets', 'saving'] }, check, 'build-a');
    expect(check).toHaveBeenCalledTimes(1);

    await checkOnce(database.db, 'lessons', { lessons: ['budgets'] }, check, 'build-a');
    expect(check).toHaveBeenCalledTimes(2);
    await checkOnce(database.db, 'lessons', { lessons: ['budgets'] }, check, 'build-b');
    expect(check).toHaveBeenCalledTimes(3);
    // Another name is another check, even with the same content.
    await checkOnce(database.db, 'modules', { lessons: ['budgets'] }, check, 'build-b');
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('remembers nothing of a check that fails: the next start checks again and fails again', async () => {
    const problem = new Error('a lesson reads above grade 8');
    const failing = vi.fn(() => {
      throw problem;
    });
    const content = { lessons: ['hard words'] };
    await expect(checkOnce(database.db, 'hard', content, failing, 'build-a')).rejects.toBe(problem);
    await expect(checkOnce(database.db, 'hard', content, failing, 'build-a')).rejects.toBe(problem);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('always checks when running from the sources (no build to remember by)', async () => {
    const check = vi.fn();
    await checkOnce(database.db, 'sources', { a: 1 }, check, null);
    await checkOnce(database.db, 'sources', { a: 1 }, check, null);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('runs from the sources in tests, so the repository content is always checked in full', async () => {
    const check = vi.fn();
    await checkOnce(database.db, 'default-identity', { a: 1 }, check);
    await checkOnce(database.db, 'default-identity', { a: 1 }, check);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
