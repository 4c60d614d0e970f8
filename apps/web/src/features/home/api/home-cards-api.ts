import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuardianChildren } from '@bullpen/contract/guardians';
import type {
  HomeChild,
  HomeClasses,
  HomeContests,
  HomeCourses,
  HomeInactiveStudents,
  HomeLeaders,
  HomeLessonsDue,
  HomePoints,
  HomeReports,
  HomeRetention,
  HomeRewardRequests,
} from '@bullpen/contract/home';
import type { HeldMail } from '@bullpen/contract/mail';
import type { NotificationList } from '@bullpen/contract/notifications';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import type { Ticket } from '@bullpen/contract/support';
import type { StaffTeacher } from '@bullpen/contract/users';
import { apiClient } from '@/lib/api-client.ts';

/**
 * The signed-in home's cards: one request each. A card the API already answered reads that
 * endpoint; the others read the home domain's routes (`api.home*` in the contract). The
 * notifications card shares the notifications feature's key (`['notifications']`), so the
 * banner and the card make one request.
 */
const read =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<T>(path, undefined, { signal });

export const homeCardQueries = {
  /** A guardian's children: one card each, then each card's own request. */
  children: () =>
    queryOptions({
      queryKey: ['home', 'children'],
      queryFn: read<GuardianChildren>(api.guardianChildren.build()),
    }),
  child: (id: number) =>
    queryOptions({
      queryKey: ['home', 'children', id],
      queryFn: read<HomeChild>(api.homeChild.build({ id })),
    }),
  lessonsDue: () =>
    queryOptions({
      queryKey: ['home', 'lessons-due'],
      queryFn: read<HomeLessonsDue>(api.homeLessonsDue.build()),
    }),
  courses: () =>
    queryOptions({
      queryKey: ['home', 'courses'],
      queryFn: read<HomeCourses>(api.homeCourses.build()),
    }),
  contests: () =>
    queryOptions({
      queryKey: ['home', 'contests'],
      queryFn: read<HomeContests>(api.homeContests.build()),
    }),
  points: () =>
    queryOptions({
      queryKey: ['home', 'points'],
      queryFn: read<HomePoints>(api.homePoints.build()),
    }),
  notifications: () =>
    queryOptions({
      queryKey: ['notifications'],
      queryFn: read<NotificationList>(api.notifications.build()),
    }),
  classes: () =>
    queryOptions({
      queryKey: ['home', 'classes'],
      queryFn: read<HomeClasses>(api.homeClasses.build()),
    }),
  inactiveStudents: () =>
    queryOptions({
      queryKey: ['home', 'inactive-students'],
      queryFn: read<HomeInactiveStudents>(api.homeInactiveStudents.build()),
    }),
  rewardRequests: () =>
    queryOptions({
      queryKey: ['home', 'reward-requests'],
      queryFn: read<HomeRewardRequests>(api.homeRewardRequests.build()),
    }),
  reports: () =>
    queryOptions({
      queryKey: ['home', 'reports'],
      queryFn: read<HomeReports>(api.homeReports.build()),
    }),
  leaders: () =>
    queryOptions({
      queryKey: ['home', 'leaders'],
      queryFn: read<HomeLeaders>(api.homeLeaders.build()),
    }),
  pendingTeachers: () =>
    queryOptions({
      queryKey: ['home', 'pending-teachers'],
      queryFn: read<Page<StaffTeacher>>(`${api.staffTeachers.build()}?status=pending&page_size=3`),
    }),
  openTickets: () =>
    queryOptions({
      queryKey: ['home', 'open-tickets'],
      queryFn: read<Page<Ticket>>(`${api.supportInbox.build()}?status=open&page_size=3`),
    }),
  heldMail: () =>
    queryOptions({
      queryKey: ['home', 'held-mail'],
      queryFn: read<Page<HeldMail>>(`${api.staffOutbox.build()}?page_size=3`),
    }),
  retention: () =>
    queryOptions({
      queryKey: ['home', 'retention'],
      queryFn: read<HomeRetention>(api.homeRetention.build()),
    }),
};

/** "Remind": the class's existing reminder for one overdue lesson. */
export function useRemindLesson() {
  return useMutation({
    mutationFn: ({ classroomId, lessonId }: { classroomId: number; lessonId: number }) =>
      apiClient.post(api.remindClassroomLesson.build({ id: classroomId, lessonId })),
  });
}

/** "Approve": the rewards API's approval; the card reads its list again. */
export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post(api.approveRedemption.build({ id })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: homeCardQueries.rewardRequests().queryKey }),
  });
}
