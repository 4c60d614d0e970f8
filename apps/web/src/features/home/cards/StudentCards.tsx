import { useTranslation } from 'react-i18next';
import { classroomPaths, learnPaths } from '@bullpen/contract/routes';
import { ActionLink } from '@/components/ActionButton.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { useFormatters } from '@/lib/format.ts';
import { useNotificationText } from '@/lib/notification-text.ts';
import { notificationLink } from '@bullpen/contract/notifications';
import { homeCardQueries } from '../api/home-cards-api.ts';
import { CardLines, HomeCard } from './HomeCard.tsx';
import styles from './HomeCard.module.css';

/** How many unread notifications the card lists (the count says how many in all). */
const NOTIFICATIONS_SHOWN = 3;

/** The student's cards: five requests, one each. */
export function StudentCards() {
  return (
    <>
      <CoursesCard />
      <LessonsDueCard />
      <ContestsCard />
      <PointsCard />
      <NotificationsCard />
    </>
  );
}

function CoursesCard() {
  const { t } = useTranslation('home');
  return (
    <HomeCard
      testId="card-courses"
      title={t('cards.courses.title')}
      query={homeCardQueries.courses()}
      isEmpty={(data) => data.continue === null && data.results.length === 0}
      empty={t('cards.courses.empty')}
    >
      {(data) => (
        <>
          {data.continue && (
            <div className={styles.actions}>
              <ActionLink to={learnPaths.lesson(data.continue.lesson_id)} variant="contained">
                {t('cards.courses.continue', { title: data.continue.title })}
              </ActionLink>
            </div>
          )}
          <CardLines>
            {data.results.map((course) => (
              <li key={course.course_id}>
                <TextLink to={learnPaths.course(course.course_id)}>{course.title}</TextLink>
                <span className={styles.meta}>
                  {t('cards.courses.progress', {
                    completed: course.completed,
                    total: course.lessons,
                  })}
                  {course.next && ` · ${t('cards.courses.next', { title: course.next.title })}`}
                </span>
              </li>
            ))}
          </CardLines>
        </>
      )}
    </HomeCard>
  );
}

function LessonsDueCard() {
  const { t } = useTranslation('home');
  const { dateTime } = useFormatters();
  return (
    <HomeCard
      testId="card-lessons-due"
      title={t('cards.lessonsDue.title')}
      query={homeCardQueries.lessonsDue()}
      isEmpty={(data) => data.results.length === 0}
      empty={t('cards.lessonsDue.empty')}
    >
      {(data) => (
        <CardLines>
          {data.results.map((line) => (
            <li key={`${line.classroom.id}:${line.lesson_id}`}>
              <TextLink to={learnPaths.lesson(line.lesson_id)}>{line.title}</TextLink>
              <span className={line.overdue ? styles.overdue : styles.meta}>
                {t(line.overdue ? 'cards.lessonsDue.overdue' : 'cards.lessonsDue.due', {
                  date: dateTime(line.due_at),
                })}
              </span>
              <span className={styles.meta}>
                {line.course} · {line.classroom.name}
              </span>
            </li>
          ))}
        </CardLines>
      )}
    </HomeCard>
  );
}

function ContestsCard() {
  const { t } = useTranslation('home');
  const { cents, signedCents } = useFormatters();
  return (
    <HomeCard
      testId="card-contests"
      title={t('cards.contests.title')}
      query={homeCardQueries.contests()}
      isEmpty={(data) => data.results.length === 0}
      empty={t('cards.contests.empty')}
    >
      {(data) => (
        <CardLines>
          {data.results.map((line) => (
            <li key={line.contest_id}>
              <TextLink to={`/contest/${line.contest_id}`}>{line.name}</TextLink>
              <span className={styles.meta}>
                {line.rank === null
                  ? t('cards.contests.unranked')
                  : t('cards.contests.rank', { rank: line.rank, players: line.players })}
              </span>
              <span className={styles.meta}>
                {t('cards.contests.value', {
                  value: cents(line.value_cents),
                  change: signedCents(line.change_cents),
                })}
              </span>
              <span className={styles.meta}>
                <TextLink to={classroomPaths.classroom(line.classroom.id)}>
                  {line.classroom.name}
                </TextLink>
              </span>
            </li>
          ))}
        </CardLines>
      )}
    </HomeCard>
  );
}

function PointsCard() {
  const { t } = useTranslation('home');
  const { number } = useFormatters();
  return (
    <HomeCard
      testId="card-points"
      title={t('cards.points.title')}
      query={homeCardQueries.points()}
      isEmpty={() => false}
      empty=""
      link={{ to: '/redeem', label: t('cards.points.redeem') }}
    >
      {(data) => (
        <>
          <p className={styles.big}>
            {t('cards.points.balance', { points: number(data.available_points) })}
          </p>
          <p className={styles.meta}>{t('cards.points.affordable', { count: data.affordable })}</p>
          {data.next_reward && (
            <p className={styles.meta}>
              {t('cards.points.next', {
                reward: data.next_reward.name,
                missing: number(data.next_reward.missing),
              })}
            </p>
          )}
        </>
      )}
    </HomeCard>
  );
}

function NotificationsCard() {
  const { t } = useTranslation('home');
  const { dateTime } = useFormatters();
  const sentence = useNotificationText();
  return (
    <HomeCard
      testId="card-notifications"
      title={t('cards.notifications.title')}
      query={homeCardQueries.notifications()}
      isEmpty={(data) => data.unread === 0}
      empty={t('cards.notifications.empty')}
    >
      {(data) => {
        const unread = data.results.filter((note) => note.read_at === null);
        return (
          <>
            <p className={styles.meta}>{t('cards.notifications.unread', { count: data.unread })}</p>
            <CardLines>
              {unread.slice(0, NOTIFICATIONS_SHOWN).map((note) => (
                <li key={note.id}>
                  <TextLink to={notificationLink(note)}>{sentence(note)}</TextLink>
                  <span className={styles.meta}>{dateTime(note.created_at)}</span>
                </li>
              ))}
            </CardLines>
          </>
        );
      }}
    </HomeCard>
  );
}
