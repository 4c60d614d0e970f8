import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom's Cookie Store, unlike a browser's, fires no `change` event when `document.cookie`
// is written, which these tests do to sign a user in or out. Without it the app reads the cookie
// each time (lib/token-cookie.ts; token-cookie.test.ts gives that module a store of its own).
Object.defineProperty(globalThis, 'cookieStore', { value: undefined, configurable: true });

afterEach(() => cleanup());
