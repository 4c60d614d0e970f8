import type { ReactElement } from 'react';
import { SessionProvider } from '@/lib/session.tsx';
import { type RenderOptions, renderWithApp } from './render.tsx';

/** `renderWithApp` inside the app's SessionProvider, for pages that sign in or read the user. */
export function renderWithSession(ui: ReactElement, options?: RenderOptions) {
  return renderWithApp(<SessionProvider>{ui}</SessionProvider>, options);
}
