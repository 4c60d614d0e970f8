import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationContent } from '@bullpen/contract/notifications';
import { useFormatters } from './format.ts';

/**
 * The sentence that tells a user what a notification is about, in their language (the
 * `notifications.text` keys of the common catalogue): the bell's list, the notifications page
 * and the home's card say it the same way.
 */
export function useNotificationText(): (note: NotificationContent) => string {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return useCallback(
    (note: NotificationContent) => {
      switch (note.kind) {
        case 'lesson_assigned':
        case 'lesson_due':
        case 'lesson_reminder': {
          const { classroom, lesson, course, due_at: dueAt } = note.payload;
          const text = t(`notifications.text.${note.kind}`, { classroom, lesson, course });
          return dueAt ? `${text} ${t('notifications.text.due', { date: dateTime(dueAt) })}` : text;
        }
        case 'points_awarded': {
          const text = t('notifications.text.points_awarded', { count: note.payload.points });
          return note.payload.note
            ? `${text} ${t('notifications.text.pointsReason', { note: note.payload.note })}`
            : text;
        }
        case 'reward_decided':
          return t(
            note.payload.approved
              ? 'notifications.text.reward_approved'
              : 'notifications.text.reward_declined',
            { reward: note.payload.reward },
          );
        case 'certificate_granted':
        case 'resume_comment':
        case 'post_reported':
          return t(`notifications.text.${note.kind}`, note.payload);
        case 'teacher_trusted':
          return t('notifications.text.teacher_trusted');
      }
    },
    [t, dateTime],
  );
}
