import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import Skeleton from '@mui/material/Skeleton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FixedPagination } from '@/components/FixedPagination.tsx';
import { EquippedBadge, FramedInitial } from '@/components/rewards/RewardLooks.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { useEquippedOf } from '@/lib/equipped-rewards.ts';
import { useFormatters } from '@/lib/format.ts';
import { LEADERBOARD_PAGE_SIZE, useLeaderboard } from '../api/get-leaderboard.ts';
import { contestPaths } from '../api/paths.ts';
import { SignedAmount } from './SignedAmount.tsx';

const headCell = { fontWeight: 700, bgcolor: '#f3f6fb', whiteSpace: 'nowrap' } as const;

/**
 * Players by portfolio value, ten a page, refreshed every 30 s while the page is visible.
 * Equal values share a rank (the server ranks them). Members open each other's portfolios.
 */
export function Leaderboard({
  contestId,
  myContestUser,
  membersCount,
}: {
  contestId: number;
  myContestUser: number | null;
  /** The contest's member count, when known: while loading, as many placeholder rows. */
  membersCount?: number;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const board = useLeaderboard(contestId, page);
  const rows = board.data?.results ?? [];
  // The frames and badges of this page's players, in one request.
  const equipped = useEquippedOf(rows.map((row) => row.user.id)).data;
  const member = myContestUser !== null;
  // The first load shows the rows it expects (the page's height does not change when they come).
  const placeholderRows =
    board.isPending && membersCount ? Math.min(membersCount, LEADERBOARD_PAGE_SIZE) : 0;
  const count = board.data?.count ?? (board.isPending ? (membersCount ?? 0) : 0);

  return (
    <Box component="section" aria-labelledby="leaderboard-heading">
      <Typography id="leaderboard-heading" variant="h2" sx={{ mb: 1.5 }}>
        {t('leaderboard.title')}
      </Typography>
      <TableContainer
        role="region"
        aria-label={t('leaderboard.title')}
        tabIndex={0}
        sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2 }}
      >
        <Table
          size="small"
          aria-labelledby="leaderboard-heading"
          // Narrow cells on a phone, so longer headings ("Rendimiento") still fit at 360 px.
          sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={headCell}>{t('leaderboard.rank')}</TableCell>
              <TableCell sx={headCell}>{t('leaderboard.player')}</TableCell>
              <TableCell sx={headCell} align="right">
                {t('leaderboard.value')}
              </TableCell>
              <TableCell sx={headCell} align="right">
                {t('leaderboard.return')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const mine = row.contest_user === myContestUser;
              const shown = equipped?.get(row.user.id);
              return (
                <TableRow key={row.contest_user} selected={mine}>
                  <TableCell sx={{ fontWeight: 700 }}>{row.rank}</TableCell>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {shown?.frame && (
                      <Box component="span" sx={{ mr: 0.75, verticalAlign: 'middle' }}>
                        <FramedInitial
                          slug={shown.frame}
                          initial={row.user.username.charAt(0)}
                          src={row.user.avatar}
                          size={20}
                        />
                      </Box>
                    )}
                    {member ? (
                      <Link component={RouterLink} to={contestPaths.portfolio(row.contest_user)}>
                        {row.user.username}
                      </Link>
                    ) : (
                      row.user.username
                    )}
                    {mine && t('leaderboard.you')}
                    {shown?.badge && (
                      <Box component="span" sx={{ ml: 0.75 }}>
                        <EquippedBadge slug={shown.badge} size={18} />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format.cents(row.value)}
                  </TableCell>
                  <TableCell align="right">
                    <SignedAmount ratio={row.return_ratio} />
                  </TableCell>
                </TableRow>
              );
            })}
            {Array.from({ length: placeholderRows }, (_, index) => (
              // The first row says it is loading; the placeholders are not read out.
              <TableRow key={`placeholder-${index}`} aria-hidden={index > 0 ? 'true' : undefined}>
                <TableCell>
                  {index === 0 && (
                    <Box component="span" role="status" style={visuallyHidden}>
                      {t('leaderboard.loading')}
                    </Box>
                  )}
                  <Skeleton aria-hidden="true" sx={{ width: '2ch' }} />
                </TableCell>
                <TableCell>
                  <Skeleton aria-hidden="true" sx={{ width: '12ch', maxWidth: '100%' }} />
                </TableCell>
                <TableCell align="right">
                  <Skeleton
                    aria-hidden="true"
                    sx={{ width: '11ch', maxWidth: '100%', ml: 'auto' }}
                  />
                </TableCell>
                <TableCell align="right">
                  <Skeleton
                    aria-hidden="true"
                    sx={{ width: '6ch', maxWidth: '100%', ml: 'auto' }}
                  />
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && placeholderRows === 0 && (
              <TableRow>
                <TableCell colSpan={4} sx={{ textAlign: 'center', color: 'text.secondary' }}>
                  {board.isPending
                    ? t('leaderboard.loading')
                    : board.isError
                      ? t('leaderboard.error')
                      : t('leaderboard.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {count > LEADERBOARD_PAGE_SIZE && (
        <FixedPagination
          count={count}
          page={page - 1}
          pageSize={LEADERBOARD_PAGE_SIZE}
          onPageChange={(next) => setPage(next + 1)}
        />
      )}
    </Box>
  );
}
