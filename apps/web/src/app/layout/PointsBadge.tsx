import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { POINTS_PULSE_MS } from '@bullpen/contract/constants';
import { PathIcon } from '@/components/PathIcon.tsx';
import { usePoints } from '@/features/points/api/points-queries.ts';
import { usePointsUpdates } from '@/features/points/hooks/use-points-updates.ts';
import { useIntlLocale } from '@/lib/intl-locale.ts';
import styles from './PointsBadge.module.css';

/** One cycle of the pulse (PointsBadge.module.css): the spec's 6 s play it this many times. */
const PULSE_CYCLE_MS = 1000;

/** Material Icons' Stars (Apache License 2.0), as `@mui/icons-material` ships it. */
const STARS = [
  'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2m4.24 16L12 15.45 7.77 18l1.12-4.81-3.73-3.23 4.92-.42L12 5l1.92 4.53 4.92.42-3.73 3.23z',
];

/** True for the spec's 6 s after the balance was seen to rise (a refetch does not extend it). */
function usePulse(risenAt: number | null): boolean {
  const [endedFor, setEndedFor] = useState<number | null>(null);
  useEffect(() => {
    if (risenAt === null) return undefined;
    const left = Math.max(0, risenAt + POINTS_PULSE_MS - Date.now());
    const timer = setTimeout(() => setEndedFor(risenAt), left);
    return () => clearTimeout(timer);
  }, [risenAt]);
  return risenAt !== null && endedFor !== risenAt;
}

/** Header badge with the points balance; links to /redeem unless already there. */
export function PointsBadge({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { pathname } = useLocation();
  const { data } = usePoints(userId);
  usePointsUpdates(userId);
  const pulsing = usePulse(data?.risenAt ?? null);
  const points = data?.availablePoints ?? 0;
  const pointsText = useMemo(() => new Intl.NumberFormat(locale).format(points), [locale, points]);
  const label = t('points', { points: pointsText });
  const onRedeem = pathname === '/redeem';

  const className = pulsing ? `${styles.badge} ${styles.pulsing}` : styles.badge;
  // The pulse plays for the spec's 6 s: six one-second cycles.
  const style = pulsing ? { animationIterationCount: POINTS_PULSE_MS / PULSE_CYCLE_MS } : undefined;

  const content = (
    <>
      <PathIcon paths={STARS} />
      <span aria-hidden="true">{pointsText}</span>
    </>
  );

  if (onRedeem) {
    return (
      <span key={points} role="img" aria-label={label} className={className} style={style}>
        {content}
      </span>
    );
  }
  return (
    <RouterLink
      key={points}
      to="/redeem"
      aria-label={label}
      data-pulsing={pulsing ? 'true' : undefined}
      className={className}
      style={style}
    >
      {content}
    </RouterLink>
  );
}
