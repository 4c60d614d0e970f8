import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import styles from './RankingTabs.module.css';

/** The risk-adjusted ranking: its code and catalogue load when its tab is first opened. */
const RiskBoard = lazy(() =>
  import('./RiskBoard.tsx').then((module) => ({ default: module.RiskBoard })),
);

const TABS = ['value', 'risk'] as const;
type Tab = (typeof TABS)[number];

/**
 * The contest page's rankings when the contest has the risk-adjusted option
 * (docs/decisions/050-risk-adjusted-board.md): the value ranking and the risk-adjusted one, as
 * two tabs (arrow keys move between them, as WAI-ARIA's tabs pattern has it). The page loads
 * this only for such a contest, so a contest without the option loads nothing more.
 */
export function RankingTabs({
  contest,
  valueRanking,
}: {
  contest: Contest;
  /** The value ranking, as the page draws it (so this chunk does not carry it). */
  valueRanking: ReactNode;
}) {
  const { t } = useTranslation('risk-board');
  const [tab, setTab] = useState<Tab>('value');
  const id = useId();
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'value' ? 'risk' : 'value';
    setTab(next);
    buttons.current[next]?.focus();
  };
  const label = { value: t('tabs.value'), risk: t('tabs.risk') };
  return (
    <div>
      <div role="tablist" aria-label={t('tabs.label')} className={styles.tabs}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(button) => {
              buttons.current[name] = button;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
            onKeyDown={onKeyDown}
          >
            {label[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'value' ? (
          valueRanking
        ) : (
          <Suspense fallback={<p role="status">{t('board.loading')}</p>}>
            <RiskBoard contestId={contest.id} myContestUser={contest.my_contest_user} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
