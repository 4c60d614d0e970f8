import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import { contestPaths } from '../api/paths.ts';
import type { LeaderboardEntry } from '../api/contest-users-queries.ts';

/** Title of a per-member page, with links back to the contest and the portfolio. */
export function MemberHeader({
  title,
  contest,
  member,
  mine,
}: {
  title: string;
  contest: Contest;
  member: LeaderboardEntry;
  mine: boolean;
}) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Trans
          ns="contests"
          i18nKey={mine ? 'memberHeader.mine' : 'memberHeader.other'}
          values={{ name: member.user.username, contest: contest.name }}
          components={{
            contest: <Link component={RouterLink} to={contestPaths.contest(contest.id)} />,
            back: <Link component={RouterLink} to={contestPaths.portfolio(member.contest_user)} />,
          }}
        />
      </Typography>
    </>
  );
}
