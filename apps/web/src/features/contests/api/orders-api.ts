import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PlaceOrderInput } from '@bullpen/contract/trading';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

/**
 * POST /api/contest-user-orders/ with an `Idempotency-Key`: one key per ticket submission, so
 * a double click or a retry after a lost answer makes one order.
 */
export function placeOrder({
  input,
  idempotencyKey,
}: {
  input: PlaceOrderInput;
  idempotencyKey: string;
}) {
  return apiClient.post<Order>(api.orders.build(), input, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) =>
      Promise.all(
        [
          ['holdings', order.contest_user],
          ['orders', order.contest_user],
          ['pending-orders', order.contest_user],
          ['contest-users'],
          ['leaderboard'],
          ['portfolio-values', order.contest_user],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    onError: (error) => {
      // A conflict can mean the contest changed state (paused, ended): show its new state.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['contests', 'detail'] });
      }
    },
  });
}
