import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { ActionButton } from '@/components/ActionButton.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { TextSkeleton } from '@/components/TextSkeleton.tsx';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import styles from './HomeCard.module.css';

/**
 * One card of the signed-in home: its own request (one `useQuery`), and its loading, error and
 * empty states. A card whose request fails says so and offers to try again; the others go on.
 */
export function HomeCard<Data, Key extends QueryKey>({
  title,
  query,
  isEmpty,
  empty,
  children,
  testId,
  link,
}: {
  title: string;
  query: UseQueryOptions<Data, Error, Data, Key>;
  isEmpty: (data: Data) => boolean;
  /** What the card says when there is nothing to show. */
  empty: string;
  children: (data: Data) => ReactNode;
  testId: string;
  /** Where the card's subject lives, shown once the card has answered (data or empty). */
  link?: { to: string; label: string };
}) {
  const { t } = useTranslation('home');
  const titleId = useId();
  const result = useQuery(query);
  let body: ReactNode;
  if (result.isPending) {
    body = (
      <div aria-busy="true">
        <span className={visuallyHiddenClass}>{t('cards.loading')}</span>
        <TextSkeleton width="80%" />
        <TextSkeleton width="60%" />
      </div>
    );
  } else if (result.isError) {
    body = (
      <div role="alert" className={styles.error}>
        <p>{t('cards.error')}</p>
        <ActionButton variant="outlined" size="small" onClick={() => void result.refetch()}>
          {t('cards.retry')}
        </ActionButton>
      </div>
    );
  } else if (isEmpty(result.data)) {
    body = <p className={styles.empty}>{empty}</p>;
  } else {
    body = children(result.data);
  }
  return (
    <section aria-labelledby={titleId} className={styles.card} data-testid={testId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {body}
      {link && result.isSuccess && (
        <p className={styles.link}>
          <TextLink to={link.to}>{link.label}</TextLink>
        </p>
      )}
    </section>
  );
}

/** The cards of one home, one column on a phone and up to three on a wide screen. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** A card's list of short lines. */
export function CardLines({ children }: { children: ReactNode }) {
  return <ul className={styles.lines}>{children}</ul>;
}
