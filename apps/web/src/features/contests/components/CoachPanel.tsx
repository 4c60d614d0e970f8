import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  coachInputFrom,
  coachNotes,
  type CoachInput,
  type CoachNote,
} from '@bullpen/contract/coach';
import { learnPaths } from '@bullpen/contract/routes';
import { TextLink } from '@/components/TextLink.tsx';
import { type Formatters, useFormatters } from '@/lib/format.ts';
import { useCoachFacts } from '../api/coach-queries.ts';
import styles from './CoachPanel.module.css';

/** A share as plain words say it: 25%, 90.1% (no more than one decimal). */
function plainPercent(format: Formatters, ratio: number): string {
  return new Intl.NumberFormat(format.locale, {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(ratio);
}

/** One note in plain words, in the reader's language. */
export function coachNoteText(
  t: TFunction<'coach'>,
  format: Formatters,
  note: CoachNote,
  order: { symbol: string; quantity: number },
): string {
  const warn = note.level === 'warn';
  const percent = (ratio: number) => plainPercent(format, ratio);
  switch (note.kind) {
    case 'first_trade':
      return t('notes.first_trade');
    case 'position_weight':
      return t(warn ? 'notes.position_weight_warn' : 'notes.position_weight', {
        symbol: order.symbol,
        weight: percent(note.values.weight_ratio),
        limit: percent(note.values.limit_ratio),
      });
    case 'sector_share':
      return t(warn ? 'notes.sector_share_warn' : 'notes.sector_share', {
        sector: note.values.sector,
        share: percent(note.values.share_ratio),
        limit: percent(note.values.limit_ratio),
      });
    case 'commission_share':
      return t(warn ? 'notes.commission_share_warn' : 'notes.commission_share', {
        commission: format.cents(note.values.commission),
        amount: format.cents(note.values.amount),
        share: percent(note.values.share_ratio),
        limit: percent(note.values.limit_ratio),
      });
    case 'typical_move':
      return t('notes.typical_move', {
        symbol: order.symbol,
        count: order.quantity,
        perShare: format.cents(note.values.per_share),
        ratio: percent(note.values.move_ratio),
        amount: format.cents(note.values.for_quantity),
      });
    case 'loss_sale':
      return t('notes.loss_sale', {
        cost: format.cents(note.values.cost),
        loss: format.cents(note.values.loss),
        ratio: percent(note.values.loss_ratio),
      });
  }
}

/**
 * The trade coach (issue #49): before the review, what the order being typed does to the
 * portfolio, each note with the lesson that teaches it (its page opens inside the app). The
 * rules are the contract's (`coachNotes`); the portfolio's and the stock's facts come from
 * GET /api/trade-coach/.
 */
export function CoachPanel({
  contestUserId,
  symbol,
  order,
}: {
  contestUserId: number;
  symbol: string;
  order: CoachInput['order'];
}) {
  const { t } = useTranslation('coach');
  const format = useFormatters();
  const facts = useCoachFacts(contestUserId, order.securityId);
  const notes = facts.data ? coachNotes(coachInputFrom(facts.data, order)) : [];
  if (facts.data && notes.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="coach-title" data-testid="coach">
      <h2 id="coach-title" className={styles.title}>
        {t('title')}
      </h2>
      {facts.isError ? (
        <p className={styles.intro}>{t('unavailable')}</p>
      ) : !facts.data ? (
        <p className={styles.intro}>{t('loading')}</p>
      ) : (
        <>
          <p className={styles.intro}>{t('intro')}</p>
          <ul className={styles.notes}>
            {notes.map((note) => (
              <li
                key={note.kind}
                className={note.level === 'warn' ? `${styles.item} ${styles.warn}` : styles.item}
                data-level={note.level}
              >
                <p className={styles.note}>
                  {note.level === 'warn' && (
                    <span className={styles.warnLabel}>{t('warning')} </span>
                  )}
                  {coachNoteText(t, format, note, { symbol, quantity: order.quantity })}
                </p>
                <p className={styles.lesson}>
                  <TextLink to={learnPaths.publicLesson(note.lesson)}>
                    {t('lessonLink', { title: t(`lessons.${note.lesson}`) })}
                  </TextLink>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
