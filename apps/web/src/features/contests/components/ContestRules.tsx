import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Contest } from '@bullpen/contract/contests';
import { ActionButton } from '@/components/ActionButton.tsx';
import { Heading } from '@/components/Heading.tsx';
import { useFormatters, type Formatters } from '@/lib/format.ts';

/** The owner's dialog, with the form's fields and the contract's schema: loaded when opened. */
const ContestRulesDialog = lazy(() =>
  import('./ContestRulesDialog.tsx').then((module) => ({ default: module.ContestRulesDialog })),
);

/** The owner's risk-adjusted ranking setting (docs/decisions/050-risk-adjusted-board.md). */
const RiskBoardDialog = lazy(() =>
  import('./RiskBoardDialog.tsx').then((module) => ({ default: module.RiskBoardDialog })),
);

/**
 * The contest's trading rules in plain words, one sentence each, as a student reads them on the
 * contest page (docs/decisions/046-contest-rule-packs.md). Short selling is always off.
 */
export function ruleSentences(
  contest: Contest,
  t: TFunction<'contest-rules'>,
  format: Pick<Formatters, 'cents'>,
): string[] {
  const sectors = (list: readonly string[]) =>
    list.map((sector) => t(`sectors.${sector}` as 'sectors.Energy')).join(', ');
  const sentences: string[] = [];
  if (contest.allowed_symbols !== null) {
    sentences.push(
      t('contestRules.allowedSymbols', { symbols: contest.allowed_symbols.join(', ') }),
    );
  }
  if (contest.blocked_symbols.length > 0) {
    sentences.push(
      t('contestRules.blockedSymbols', { symbols: contest.blocked_symbols.join(', ') }),
    );
  }
  if (contest.allowed_sectors !== null) {
    sentences.push(t('contestRules.allowedSectors', { sectors: sectors(contest.allowed_sectors) }));
  }
  if (contest.blocked_sectors.length > 0) {
    sentences.push(t('contestRules.blockedSectors', { sectors: sectors(contest.blocked_sectors) }));
  }
  if (contest.min_share_price !== null) {
    sentences.push(
      t('contestRules.minSharePrice', { price: format.cents(contest.min_share_price) }),
    );
  }
  if (contest.max_position_weight !== null) {
    sentences.push(t('contestRules.largestPosition', { percent: contest.max_position_weight }));
  }
  if (contest.max_trades_per_day !== null) {
    sentences.push(t('contestRules.maxTradesPerDay', { count: contest.max_trades_per_day }));
  }
  if (contest.min_holding_minutes !== null) {
    const hours = contest.min_holding_minutes / 60;
    sentences.push(t('contestRules.holdHours', { count: hours }));
  }
  if (sentences.length === 0) sentences.push(t('contestRules.none'));
  sentences.push(t('contestRules.noShortSelling'));
  return sentences;
}

/** The contest page's "Trading rules" section; its owner changes them from here. */
export function ContestRules({ contest }: { contest: Contest }) {
  const { t } = useTranslation('contest-rules');
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const [riskOpen, setRiskOpen] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="contest-rules">
      <Heading id={headingId}>{t('contestRules.heading')}</Heading>
      {contest.rule_preset !== 'custom' && (
        <p>{t('contestRules.pack', { preset: t(`rulesForm.presets.${contest.rule_preset}`) })}</p>
      )}
      <ul>
        {ruleSentences(contest, t, format).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {contest.can_manage && contest.status !== 'ended' && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <ActionButton variant="outlined" onClick={() => setOpen(true)}>
            {t('contestRules.change')}
          </ActionButton>
          <ActionButton variant="outlined" onClick={() => setRiskOpen(true)}>
            {t('contestRules.riskBoard')}
          </ActionButton>
        </div>
      )}
      <Suspense fallback={null}>
        {open && <ContestRulesDialog contest={contest} onClose={() => setOpen(false)} />}
        {riskOpen && <RiskBoardDialog contest={contest} onClose={() => setRiskOpen(false)} />}
      </Suspense>
    </section>
  );
}
