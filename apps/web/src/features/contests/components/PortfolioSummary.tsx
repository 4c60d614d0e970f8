import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextSkeleton } from '@/components/TextSkeleton.tsx';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';
import { SignedAmount } from './SignedAmount.tsx';
import styles from './PortfolioSummary.module.css';

/**
 * The three figures' grid: the same boxes whether the figures are in or still loading. Static
 * CSS, no styled component (decision 020): it renders with the contest page and again when the
 * portfolio arrives (issue #13).
 */
function FigureGrid({ figures }: { figures: { term: string; detail: ReactNode }[] }) {
  return (
    <dl className={styles.grid}>
      {figures.map(({ term, detail }) => (
        <div key={term} className={styles.figure}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.detail}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Cash, value and return of one portfolio, as three figures. */
export function PortfolioSummary({
  cash,
  value,
  returnRatio,
}: {
  cash: number;
  value: number;
  returnRatio: number;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  return (
    <FigureGrid
      figures={[
        { term: t('summary.value'), detail: format.cents(value) },
        { term: t('summary.cash'), detail: format.cents(cash) },
        { term: t('summary.return'), detail: <SignedAmount ratio={returnRatio} /> },
      ]}
    />
  );
}

/**
 * The summary while it loads: the same three boxes with placeholders for the figures, so what
 * follows does not move when they arrive. `label` is read out instead of the placeholders.
 */
export function PortfolioSummarySkeleton({ label }: { label: string }) {
  const { t } = useTranslation('contests');
  const placeholder = <TextSkeleton width="8ch" />;
  return (
    <div role="status">
      <span className={visuallyHiddenClass}>{label}</span>
      <div aria-hidden="true">
        <FigureGrid
          figures={[
            { term: t('summary.value'), detail: placeholder },
            { term: t('summary.cash'), detail: placeholder },
            { term: t('summary.return'), detail: placeholder },
          ]}
        />
      </div>
    </div>
  );
}
