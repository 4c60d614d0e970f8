/**
 * Lower-case words joined by hyphens: the stable key of a course, a lesson or an article. No zod
 * here: a public article page checks its path with isSlug on its first load; learn.ts builds
 * slugSchema from the same rule.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;

export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
