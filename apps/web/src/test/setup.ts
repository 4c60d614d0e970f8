import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { checkConsoleErrors, recordConsoleErrors } from './console-errors.ts';

// happy-dom's Cookie Store, unlike a browser's, fires no `change` event when `document.cookie`
// is written, which these tests do to sign a user in or out. Without it the app reads the cookie
// each time (lib/token-cookie.ts; token-cookie.test.ts gives that module a store of its own).
Object.defineProperty(globalThis, 'cookieStore', { value: undefined, configurable: true });

// React warns about an update outside act() only where this is set. Testing Library sets it in
// a global beforeAll, which these tests, without vitest's globals, do not have.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

recordConsoleErrors();
// After the render is unmounted, so what unmounting prints counts too. An error printed between
// two tests (by work the first one left running) fails the next one, or the file after the last.
afterEach(() => {
  cleanup();
  checkConsoleErrors();
});
afterAll(() => checkConsoleErrors());
