import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient } from '@/test/render.tsx';
import { FakeWebSocket } from '@/test/fake-websocket.ts';
import { usePointsUpdates } from './use-points-updates.ts';

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("refreshes the points balance when the user's channel says it changed", async () => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['points', 7], { availablePoints: 10, increased: false, risenAt: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => usePointsUpdates(7), { wrapper });
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'user:7' });

  act(() => socket.receive({ channel: 'user:7', type: 'subscribed' }));
  expect(queryClient.getQueryState(['points', 7])?.isInvalidated).toBe(false);
  act(() => socket.receive({ channel: 'user:7', type: 'points', available_points: 40 }));
  await waitFor(() => expect(queryClient.getQueryState(['points', 7])?.isInvalidated).toBe(true));

  unmount();
  expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'user:7' });
});
