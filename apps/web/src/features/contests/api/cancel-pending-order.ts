import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bullpen/contract/trading';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function cancelPendingOrder(orderId: number) {
  return apiClient.delete<Order>(api.pendingOrder.build({ id: orderId }));
}

export function useCancelPendingOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPendingOrder,
    onSuccess: (order) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['pending-orders', order.contest_user] }),
        queryClient.invalidateQueries({ queryKey: ['orders', order.contest_user] }),
        // The order's reservation is given back: buying power and shares to sell change.
        queryClient.invalidateQueries({ queryKey: ['holdings', order.contest_user] }),
        queryClient.invalidateQueries({ queryKey: ['contest-users'] }),
      ]),
  });
}
