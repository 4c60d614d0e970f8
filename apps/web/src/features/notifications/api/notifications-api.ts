import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@bullpen/contract/notifications';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** The signed-in user's newest notifications, read or not. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) =>
      apiClient.get<NotificationList>(api.notifications.build(), undefined, { signal }),
  });

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<Notification>(api.readNotification.build({ id })),
    onSuccess: (read) =>
      queryClient.setQueryData(queryKey, (list) =>
        list ? { results: list.results.map((each) => (each.id === read.id ? read : each)) } : list,
      ),
  });
}
