import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Security } from '@bullpen/contract/market';
import { formatNumber } from '@bullpen/contract/money';

/** Panel 0: what the user owns of this stock (positions arrive with contests). */
export function PositionPanel({ security, owned }: { security: Security; owned: number }) {
  if (owned > 0) {
    return (
      <Typography>
        You own {formatNumber(owned)} {owned === 1 ? 'share' : 'shares'} of {security.name} (
        {security.symbol}).
      </Typography>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        You do not own any shares of {security.name} ({security.symbol}) yet.
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        Positions are held inside a contest.{' '}
        <Link component={RouterLink} to="/join">
          Join a contest
        </Link>{' '}
        or{' '}
        <Link component={RouterLink} to="/create">
          create one
        </Link>{' '}
        to buy stocks with virtual money.
      </Typography>
    </>
  );
}
