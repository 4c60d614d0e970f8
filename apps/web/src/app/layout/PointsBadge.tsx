import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import StarsIcon from '@mui/icons-material/Stars';
import { POINTS_PULSE_MS } from '@bullpen/contract/constants';
import { usePoints } from '@/features/points/api/get-points.ts';
import { usePointsUpdates } from '@/features/points/hooks/use-points-updates.ts';
import { useIntlLocale } from '@/lib/intl-locale.ts';
import { brand } from '../theme.ts';

const PULSE_CYCLE_MS = 1000;

const pulse = keyframes`
  0% { transform: scale(1); box-shadow: 0 0 0 0 rgba(255, 209, 102, 0.9); }
  50% { transform: scale(1.12); box-shadow: 0 0 0 8px rgba(255, 209, 102, 0); }
  100% { transform: scale(1); box-shadow: 0 0 0 0 rgba(255, 209, 102, 0); }
`;

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

  const badgeSx = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    px: 1.25,
    py: 0.5,
    borderRadius: 999,
    bgcolor: brand.gold,
    color: brand.navy,
    fontWeight: 700,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    flexShrink: 0,
    // The pulse plays for the spec's 6 s: six one-second cycles.
    animation: pulsing
      ? `${pulse} ${PULSE_CYCLE_MS}ms ease-in-out ${POINTS_PULSE_MS / PULSE_CYCLE_MS}`
      : 'none',
  } as const;

  const content = (
    <>
      <StarsIcon fontSize="small" aria-hidden="true" />
      <span aria-hidden="true">{pointsText}</span>
    </>
  );

  if (onRedeem) {
    return (
      <Box key={points} component="span" role="img" aria-label={label} sx={badgeSx}>
        {content}
      </Box>
    );
  }
  return (
    <Box
      key={points}
      component={RouterLink}
      to="/redeem"
      aria-label={label}
      data-pulsing={pulsing ? 'true' : undefined}
      sx={badgeSx}
    >
      {content}
    </Box>
  );
}
