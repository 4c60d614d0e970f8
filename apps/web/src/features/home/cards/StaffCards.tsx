import { useTranslation } from 'react-i18next';
import { staffPaths, supportPaths } from '@bullpen/contract/routes';
import { useFormatters } from '@/lib/format.ts';
import { homeCardQueries } from '../api/home-cards-api.ts';
import { CardLines, HomeCard } from './HomeCard.tsx';
import styles from './HomeCard.module.css';

/** Staff's cards: the three lists staff already read (first page of each) and the retention run. */
export function StaffCards() {
  const { t } = useTranslation('home');
  const { dateTime, number } = useFormatters();
  return (
    <>
      <HomeCard
        testId="card-pending-teachers"
        title={t('cards.pendingTeachers.title')}
        query={homeCardQueries.pendingTeachers()}
        isEmpty={(data) => data.count === 0}
        empty={t('cards.pendingTeachers.empty')}
        link={{ to: staffPaths.teachers, label: t('cards.pendingTeachers.open') }}
      >
        {(data) => (
          <>
            <p className={styles.meta}>{t('cards.pendingTeachers.count', { count: data.count })}</p>
            <CardLines>
              {data.results.map((teacher) => (
                <li key={teacher.id}>
                  <span>
                    {`${teacher.first_name} ${teacher.last_name}`.trim() || teacher.username}
                  </span>
                </li>
              ))}
            </CardLines>
          </>
        )}
      </HomeCard>
      <HomeCard
        testId="card-open-tickets"
        title={t('cards.tickets.title')}
        query={homeCardQueries.openTickets()}
        isEmpty={(data) => data.count === 0}
        empty={t('cards.tickets.empty')}
        link={{ to: supportPaths.inbox, label: t('cards.tickets.open') }}
      >
        {(data) => (
          <>
            <p className={styles.meta}>{t('cards.tickets.count', { count: data.count })}</p>
            <CardLines>
              {data.results.map((ticket) => (
                <li key={ticket.id}>
                  <span>{`${ticket.first_name} ${ticket.last_name}`.trim()}</span>
                  <span className={styles.meta}>{dateTime(ticket.created_at)}</span>
                </li>
              ))}
            </CardLines>
          </>
        )}
      </HomeCard>
      <HomeCard
        testId="card-held-mail"
        title={t('cards.heldMail.title')}
        query={homeCardQueries.heldMail()}
        isEmpty={(data) => data.count === 0}
        empty={t('cards.heldMail.empty')}
      >
        {(data) => (
          <>
            <p className={styles.meta}>{t('cards.heldMail.count', { count: data.count })}</p>
            <CardLines>
              {data.results.map((mail) => (
                <li key={mail.id}>
                  <span>{mail.subject}</span>
                  <span className={styles.meta}>{dateTime(mail.created_at)}</span>
                </li>
              ))}
            </CardLines>
          </>
        )}
      </HomeCard>
      <HomeCard
        testId="card-retention"
        title={t('cards.retention.title')}
        query={homeCardQueries.retention()}
        isEmpty={(data) => data.last_run === null}
        empty={t('cards.retention.empty')}
      >
        {(data) =>
          data.last_run && (
            <>
              <p>{t('cards.retention.finished', { date: dateTime(data.last_run.finished_at) })}</p>
              <p className={styles.meta}>
                {t('cards.retention.counts', {
                  deleted: number(data.last_run.deleted),
                  warned: number(data.last_run.accounts_warned),
                  erased: number(data.last_run.accounts_erased),
                })}
              </p>
            </>
          )
        }
      </HomeCard>
    </>
  );
}
