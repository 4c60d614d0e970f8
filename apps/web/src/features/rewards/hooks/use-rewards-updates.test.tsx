import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient } from '@/test/render.tsx';
import { FakeWebSocket } from '@/test/fake-websocket.ts';
import { useRewardsUpdates } from './use-rewards-updates.ts';

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("refetches the catalogue and the requests when the user's channel says a request changed", async () => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['rewards', 'redemptions', 1], { count: 0, results: [] });
  queryClient.setQueryData(['points', 7], { availablePoints: 10, increased: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => useRewardsUpdates(7), { wrapper });
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'user:7' });

  // A points message is the badge's business, not this page's.
  act(() => socket.receive({ channel: 'user:7', type: 'points', available_points: 40 }));
  expect(queryClient.getQueryState(['rewards', 'redemptions', 1])?.isInvalidated).toBe(false);
  act(() => socket.receive({ channel: 'user:7', type: 'rewards' }));
  await waitFor(() =>
    expect(queryClient.getQueryState(['rewards', 'redemptions', 1])?.isInvalidated).toBe(true),
  );
  unmount();
});
