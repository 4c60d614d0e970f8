import { format } from 'node:util';

/**
 * An unexpected `console.error` fails the test that printed it, as in the server's tests
 * (apps/server/src/test/setup.ts). React reports through it what a test must not ignore: an
 * update outside `act()`, a list without keys, an invalid prop, an error a boundary caught.
 * src/test/setup.ts wires these functions to every test.
 */

let printed: string[] = [];
let expected: RegExp[] = [];

/**
 * A test that expects errors on the console (a route error boundary's report, say) declares
 * them. Each printed error must then match one of the patterns, and each pattern must match a
 * printed error: a declared error that no longer happens fails the test too.
 */
export function expectConsoleError(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

/** Replaces `console.error` for the whole file: one test's `vi.restoreAllMocks()` cannot undo it. */
export function recordConsoleErrors(): void {
  console.error = (...args: unknown[]) => {
    printed.push(format(...args));
  };
}

/** Throws, after a test, when it printed an error it had not declared or missed one it had. */
export function checkConsoleErrors(): void {
  const unexpected = printed.filter(
    (message) => !expected.some((pattern) => pattern.test(message)),
  );
  const missing = expected.filter((pattern) => !printed.some((message) => pattern.test(message)));
  printed = [];
  expected = [];
  const problems = [
    ...unexpected.map((message) => `console.error was called: ${message}`),
    ...missing.map((pattern) => `console.error was expected to print ${String(pattern)}`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
}
