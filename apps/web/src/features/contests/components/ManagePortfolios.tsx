import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import { ActionButton } from '@/components/ActionButton.tsx';
import { Heading } from '@/components/Heading.tsx';

/** The dialog (its form, the members' list, the history) loads when first opened. */
const ManagePortfoliosDialog = lazy(() =>
  import('./ManagePortfoliosDialog.tsx').then((module) => ({
    default: module.ManagePortfoliosDialog,
  })),
);

/**
 * The contest page's "Manage portfolios" section for the contest's owner: add or remove a
 * student's cash, reset one portfolio or all (docs/decisions/049-portfolio-reset-and-cash-adjustment.md).
 */
export function ManagePortfolios({ contest }: { contest: Contest }) {
  const { t } = useTranslation('contests');
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="manage-portfolios">
      <Heading id={headingId}>{t('manage.heading')}</Heading>
      <p>{t('manage.intro')}</p>
      <ActionButton variant="outlined" onClick={() => setOpen(true)}>
        {t('manage.open')}
      </ActionButton>
      <Suspense fallback={null}>
        {open && <ManagePortfoliosDialog contest={contest} onClose={() => setOpen(false)} />}
      </Suspense>
    </section>
  );
}
