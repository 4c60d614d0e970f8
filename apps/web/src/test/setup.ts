import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetVerification } from '@/lib/early-verification.ts';

afterEach(() => {
  cleanup();
  // A test's session check is its own: the next test's stub server answers the next one.
  forgetVerification();
});
