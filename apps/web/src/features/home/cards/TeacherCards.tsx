import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classroomPaths } from '@bullpen/contract/routes';
import { ActionButton, ActionLink } from '@/components/ActionButton.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { useFormatters } from '@/lib/format.ts';
import { homeCardQueries, useApproveRequest, useRemindLesson } from '../api/home-cards-api.ts';
import { CardLines, HomeCard } from './HomeCard.tsx';
import styles from './HomeCard.module.css';

/** The teacher's cards: five requests, one each. Actions reuse the classes' and rewards' API. */
export function TeacherCards() {
  return (
    <>
      <ClassesCard />
      <RewardRequestsCard />
      <ReportsCard />
      <InactiveStudentsCard />
      <LeadersCard />
    </>
  );
}

function ClassesCard() {
  const { t } = useTranslation('home');
  return (
    <HomeCard
      testId="card-classes"
      title={t('cards.classes.title')}
      query={homeCardQueries.classes()}
      isEmpty={(data) => data.results.length === 0}
      empty={t('cards.classes.empty')}
    >
      {(data) => (
        <CardLines>
          {data.results.map((line) => (
            <li key={line.id}>
              <TextLink to={classroomPaths.classroom(line.id)}>{line.name}</TextLink>
              <span className={line.overdue > 0 ? styles.overdue : styles.meta}>
                {t('cards.classes.overdue', { count: line.overdue })}
              </span>
              <span className={styles.meta}>
                {t('cards.classes.students', { count: line.students })}
              </span>
              {line.overdue_lessons.map((lesson) => (
                <RemindLine
                  key={lesson.lesson_id}
                  classroomId={line.id}
                  lessonId={lesson.lesson_id}
                  title={lesson.title}
                  missing={lesson.missing}
                />
              ))}
              <div className={styles.actions}>
                <ActionLink to={classroomPaths.classroom(line.id)} variant="outlined" size="small">
                  {t('cards.classes.open', { name: line.name })}
                </ActionLink>
              </div>
            </li>
          ))}
        </CardLines>
      )}
    </HomeCard>
  );
}

function RemindLine({
  classroomId,
  lessonId,
  title,
  missing,
}: {
  classroomId: number;
  lessonId: number;
  title: string;
  missing: number;
}) {
  const { t } = useTranslation('home');
  const remind = useRemindLesson();
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div className={styles.actions}>
      <span className={styles.meta}>
        {t('cards.classes.lessonMissing', { title, count: missing })}
      </span>
      <ActionButton
        variant="outlined"
        size="small"
        disabled={remind.isPending || remind.isSuccess}
        aria-label={t('cards.classes.remindLabel', { title })}
        onClick={() =>
          remind.mutate(
            { classroomId, lessonId },
            {
              onSuccess: () => setSaid(t('cards.classes.reminded')),
              onError: (error) => setSaid(error.message),
            },
          )
        }
      >
        {t('cards.classes.remind')}
      </ActionButton>
      {said && (
        <span role="status" className={styles.meta}>
          {said}
        </span>
      )}
    </div>
  );
}

function RewardRequestsCard() {
  const { t } = useTranslation('home');
  return (
    <HomeCard
      testId="card-reward-requests"
      title={t('cards.rewardRequests.title')}
      query={homeCardQueries.rewardRequests()}
      isEmpty={(data) => data.count === 0}
      empty={t('cards.rewardRequests.empty')}
    >
      {(data) => (
        <>
          <p className={styles.meta}>{t('cards.rewardRequests.count', { count: data.count })}</p>
          <CardLines>
            {data.results.map((request) => (
              <ApproveLine key={request.id} request={request} />
            ))}
          </CardLines>
        </>
      )}
    </HomeCard>
  );
}

function ApproveLine({
  request,
}: {
  request: {
    id: number;
    reward: string;
    cost: number;
    student: string;
    classroom: { id: number; name: string };
  };
}) {
  const { t } = useTranslation('home');
  const approve = useApproveRequest();
  return (
    <li>
      <span>
        {t('cards.rewardRequests.line', {
          student: request.student,
          reward: request.reward,
          cost: request.cost,
        })}
      </span>
      <span className={styles.meta}>{request.classroom.name}</span>
      <div className={styles.actions}>
        <ActionButton
          variant="contained"
          size="small"
          disabled={approve.isPending}
          aria-label={t('cards.rewardRequests.approveLabel', {
            student: request.student,
            reward: request.reward,
          })}
          onClick={() => approve.mutate(request.id)}
        >
          {t('cards.rewardRequests.approve')}
        </ActionButton>
        {approve.isError && (
          <span role="alert" className={styles.overdue}>
            {approve.error.message}
          </span>
        )}
      </div>
    </li>
  );
}

function ReportsCard() {
  const { t } = useTranslation('home');
  return (
    <HomeCard
      testId="card-reports"
      title={t('cards.reports.title')}
      query={homeCardQueries.reports()}
      isEmpty={(data) => data.results.length === 0}
      empty={t('cards.reports.empty')}
    >
      {(data) => (
        <CardLines>
          {data.results.map((line) => (
            <li key={line.classroom.id}>
              <TextLink to={classroomPaths.classroom(line.classroom.id)}>
                {line.classroom.name}
              </TextLink>
              <span className={styles.overdue}>
                {t('cards.reports.posts', { count: line.posts })}
              </span>
            </li>
          ))}
        </CardLines>
      )}
    </HomeCard>
  );
}

function InactiveStudentsCard() {
  const { t } = useTranslation('home');
  const { locale } = useFormatters();
  const day = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, {
      timeZone: 'UTC',
      dateStyle: 'medium',
    });
  return (
    <HomeCard
      testId="card-inactive-students"
      title={t('cards.inactive.title')}
      query={homeCardQueries.inactiveStudents()}
      isEmpty={(data) => data.count === 0}
      empty={t('cards.inactive.empty')}
    >
      {(data) => (
        <>
          <p className={styles.meta}>{t('cards.inactive.count', { count: data.count })}</p>
          <CardLines>
            {data.results.map((line) => (
              <li key={line.id}>
                <span>{line.name}</span>
                <span className={styles.meta}>
                  {t('cards.inactive.lastSeen', { date: day(line.last_active_on) })} ·{' '}
                  {line.classroom.name}
                </span>
              </li>
            ))}
          </CardLines>
        </>
      )}
    </HomeCard>
  );
}

function LeadersCard() {
  const { t } = useTranslation('home');
  const { cents } = useFormatters();
  return (
    <HomeCard
      testId="card-leaders"
      title={t('cards.leaders.title')}
      query={homeCardQueries.leaders()}
      isEmpty={(data) => data.results.length === 0}
      empty={t('cards.leaders.empty')}
    >
      {(data) => (
        <CardLines>
          {data.results.map((board) => (
            <li key={board.contest_id}>
              <TextLink to={`/contest/${board.contest_id}`}>{board.name}</TextLink>
              <span className={styles.meta}>{board.classroom.name}</span>
              {board.leaders.length === 0 ? (
                <span className={styles.meta}>{t('cards.leaders.nobody')}</span>
              ) : (
                <ol className={styles.leaders}>
                  {board.leaders.map((leader) => (
                    <li key={`${leader.rank}:${leader.name}`}>
                      {t('cards.leaders.line', {
                        rank: leader.rank,
                        name: leader.name,
                        value: cents(leader.value_cents),
                      })}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </CardLines>
      )}
    </HomeCard>
  );
}
