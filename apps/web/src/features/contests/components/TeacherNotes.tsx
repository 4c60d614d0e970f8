import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Adjustment } from '@bullpen/contract/portfolio-adjustments';
import { useFormatters } from '@/lib/format.ts';
import { useAdjustments } from '../api/adjustments-api.ts';

/** One line as the student reads it: what their teacher did, and why. */
export function useAdjustmentText() {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  return (line: Adjustment) => {
    if (line.kind === 'reset') return t('manage.student.reset', { reason: line.reason });
    return line.amount > 0
      ? t('manage.student.added', { amount: format.cents(line.amount), reason: line.reason })
      : t('manage.student.removed', { amount: format.cents(-line.amount), reason: line.reason });
  };
}

/**
 * A student's own lines of the contest's history, on the contest page: "Your teacher added
 * $50.00: …", "Portfolio reset by your teacher: …". Nothing when there are none.
 */
export function TeacherNotes({ contestId }: { contestId: number }) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const lines = useAdjustments(contestId);
  const text = useAdjustmentText();
  const headingId = useId();
  const results = lines.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="teacher-notes">
      <h3 id={headingId}>{t('manage.student.heading')}</h3>
      <ul>
        {results.map((line) => (
          <li key={line.id}>
            <time dateTime={line.created_at}>{format.dateTime(line.created_at)}</time>
            {' — '}
            {text(line)}
          </li>
        ))}
      </ul>
    </section>
  );
}
