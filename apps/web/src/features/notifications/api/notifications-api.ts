import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
  ReadAllResult,
  UnreadCount,
} from '@bullpen/contract/notifications';
import { userChannel } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { realtime } from '@/lib/realtime.ts';

/** The signed-in user's newest notifications, read or not (the home card shares this key). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) =>
      apiClient.get<NotificationList>(api.notifications.build(), undefined, { signal }),
  });

/** The bell's count alone: a few bytes on every page. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: ({ signal }) =>
      apiClient.get<UnreadCount>(api.unreadNotifications.build(), undefined, { signal }),
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: ({ signal }) =>
      apiClient.get<NotificationPreferences>(api.notificationPreferences.build(), undefined, {
        signal,
      }),
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/**
 * Listens on the user's own channel while mounted: when their notifications change (one
 * arrived, or another tab read some), the bell takes the new count at once and the list
 * refetches when it is next shown.
 */
export function useNotificationUpdates(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    return realtime.subscribe(userChannel(userId), (message) => {
      if (message.type !== 'notifications' || typeof message.unread !== 'number') return;
      queryClient.setQueryData<UnreadCount>(unreadCountQueryOptions().queryKey, {
        unread: message.unread,
      });
      void queryClient.invalidateQueries({
        queryKey: notificationsQueryOptions().queryKey,
        exact: true,
      });
    });
  }, [userId, queryClient]);
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<Notification>(api.readNotification.build({ id })),
    onSuccess: (read) => {
      queryClient.setQueryData(queryKey, (list) => {
        if (!list) return list;
        const wasUnread = list.results.some((each) => each.id === read.id && !each.read_at);
        return {
          unread: Math.max(0, list.unread - (wasUnread ? 1 : 0)),
          results: list.results.map((each) => (each.id === read.id ? read : each)),
        };
      });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey });
    },
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<ReadAllResult>(api.readAllNotifications.build()),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(unreadCountQueryOptions().queryKey, { unread });
      void queryClient.invalidateQueries({
        queryKey: notificationsQueryOptions().queryKey,
        exact: true,
      });
    },
  });
}

/** Saves a choice, showing it at once; a refused save puts the switch back. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      apiClient.put<NotificationPreferences>(api.notificationPreferences.build(), body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (current) =>
        current ? { ...current, mail: { ...current.mail, ...body.mail } } : current,
      );
      return { before };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(queryKey, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
