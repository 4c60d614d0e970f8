import { useQuery } from '@tanstack/react-query';
import { guardianPaths } from '@bullpen/contract/routes';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format.ts';
import { homeCardQueries } from '../api/home-cards-api.ts';
import { CardLines, HomeCard } from './HomeCard.tsx';
import styles from './HomeCard.module.css';

/**
 * A guardian's cards: one per child they follow, each its own request, linking to the child's
 * read-only page. The list of children is one request too; with none, one card says how to
 * be invited.
 */
export function GuardianCards() {
  const { t } = useTranslation('home');
  const children = useQuery(homeCardQueries.children());
  if (children.data && children.data.results.length > 0) {
    return (
      <>
        {children.data.results.map((child) => (
          <ChildCard key={child.id} id={child.id} name={child.first_name} />
        ))}
      </>
    );
  }
  return (
    <HomeCard
      testId="card-children"
      title={t('cards.children.title')}
      query={homeCardQueries.children()}
      isEmpty={(data) => data.results.length === 0}
      empty={t('cards.children.empty')}
    >
      {() => null}
    </HomeCard>
  );
}

function ChildCard({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('home');
  const format = useFormatters();
  return (
    <HomeCard
      testId={`card-child-${id}`}
      title={name}
      query={homeCardQueries.child(id)}
      isEmpty={() => false}
      empty=""
      link={{ to: guardianPaths.child(id), label: t('cards.child.open', { name }) }}
    >
      {(data) => (
        <CardLines>
          <li>{t('cards.child.lessons', { count: data.lessons_done })}</li>
          <li>
            {t('cards.child.due', { count: data.lessons_due })}
            {data.overdue > 0 && (
              <span className={styles.meta}>
                {' '}
                · {t('cards.child.overdue', { count: data.overdue })}
              </span>
            )}
          </li>
          <li>{t('cards.child.certificates', { count: data.certificates })}</li>
          <li>{t('cards.child.points', { points: format.number(data.available_points) })}</li>
        </CardLines>
      )}
    </HomeCard>
  );
}
