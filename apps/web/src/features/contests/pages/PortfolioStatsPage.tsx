import { Navigate } from 'react-router';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PortfolioStats } from '@bullpen/contract/contests';
import { formatCents, formatPercent } from '@bullpen/contract/money';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { useRouteParams } from '@/lib/route-params.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContest } from '../api/get-contest.ts';
import { useMember } from '../api/get-leaderboard.ts';
import { usePortfolioStats } from '../api/get-portfolio-stats.ts';
import { MemberHeader } from '../components/MemberHeader.tsx';
import { PageState } from '../components/PageState.tsx';
import { SignedAmount } from '../components/SignedAmount.tsx';
import { PIE_COLORS } from '../components/WeightPie.tsx';

const notYet = 'Not enough trading days yet';

interface Stat {
  name: string;
  value: ReactNode;
  explanation: string;
}

/**
 * The words for whose portfolio it is: "your" on one's own page, the player's name (then
 * "they") when viewing someone else's.
 */
interface Owner {
  /** "your" or "sam’s" */
  whose: string;
  /** "you" or "sam" */
  who: string;
  /** "you" or "they" (after the name has been said once) */
  they: string;
  /** "your" or "their" */
  their: string;
}

function ownerWords(mine: boolean, name: string): Owner {
  return mine
    ? { whose: 'your', who: 'you', they: 'you', their: 'your' }
    : { whose: `${name}’s`, who: name, they: 'they', their: 'their' };
}

/** Each figure with one plain-English line for students, worded for whose portfolio it is. */
function statsList(stats: PortfolioStats, owner: Owner): Stat[] {
  const decimal = (value: number | null) => (value === null ? notYet : value.toFixed(2));
  return [
    {
      name: 'Portfolio value',
      value: formatCents(stats.value),
      explanation: `What everything is worth right now: ${owner.whose} stocks at today’s prices plus ${owner.their} cash.`,
    },
    {
      name: 'Cash',
      value: formatCents(stats.cash),
      explanation: `Money not invested in any stock, ready to spend on ${owner.whose} next buy.`,
    },
    {
      name: 'Total return',
      value: <SignedAmount ratio={stats.total_return_ratio} />,
      explanation: `How much ${owner.whose} portfolio has grown (or shrunk) since the contest started.`,
    },
    {
      name: 'Daily change',
      value: (
        <>
          <SignedAmount cents={stats.daily_change} /> (
          <SignedAmount ratio={stats.daily_change_ratio} sign={stats.daily_change} />)
        </>
      ),
      explanation: 'How much the value moved since yesterday’s market close.',
    },
    {
      name: 'Volatility',
      value: stats.volatility === null ? notYet : formatPercent(stats.volatility),
      explanation:
        'How bumpy the ride is: bigger numbers mean the value jumps up and down more from day to day.',
    },
    {
      name: 'Max drawdown',
      value: <SignedAmount ratio={-Math.abs(stats.max_drawdown_ratio)} />,
      explanation: 'The biggest drop from a high point to a later low point. Smaller is safer.',
    },
    {
      name: 'Sharpe ratio',
      value: decimal(stats.sharpe_ratio),
      explanation: `Return for each unit of risk taken. Above 1 is good: ${owner.who} earned a lot for the bumps ${owner.they} rode.`,
    },
    {
      name: 'Beta',
      value: decimal(stats.beta),
      explanation: `How much ${owner.whose} portfolio moves with the whole market: 1 moves with it, above 1 moves more, below 1 moves less.`,
    },
    {
      name: 'Realized profit and loss',
      value: <SignedAmount cents={stats.realized_pnl} />,
      explanation: `Money ${owner.who} actually made or lost on shares ${owner.they} already sold.`,
    },
    {
      name: 'Unrealized profit and loss',
      value: <SignedAmount cents={stats.unrealized_pnl} />,
      explanation: `Gain or loss on the shares ${owner.who} still own${owner.who === 'you' ? '' : 's'}, if ${owner.they} sold them at today’s price.`,
    },
    {
      name: 'Commissions paid',
      value: formatCents(stats.commissions),
      explanation: 'Fees paid on each trade. Trading a lot adds them up.',
    },
  ];
}

/** /portfolio-stats/{userId}/{contestId}: risk and return figures, explained. */
export function PortfolioStatsPage({ userId, contestId }: { userId: number; contestId: number }) {
  useDocumentTitle('Portfolio stats');
  const session = useSession();
  const contest = useContest(contestId);
  const member = useMember(contestId, userId);
  const stats = usePortfolioStats(member.data?.contest_user);

  if (!contest.data || member.isPending) {
    return <PageState error={contest.error ?? member.error} label="Loading the stats" />;
  }
  if (!member.data) {
    return (
      <PageState
        error={member.error ?? new ApiError(404, null, 'This player is not in this contest.')}
      />
    );
  }
  const mine = session.user?.id === userId;
  const owner = ownerWords(mine, member.data.user.username);
  return (
    <PageContainer>
      <MemberHeader
        title="Portfolio stats"
        contest={contest.data}
        member={member.data}
        mine={mine}
      />
      {stats.isError && <Alert severity="error">{errorText(stats.error)}</Alert>}
      {!stats.data ? (
        !stats.isError && <Typography role="status">Working out the stats…</Typography>
      ) : (
        <>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
              gap: 2,
              m: 0,
              mb: 5,
            }}
          >
            {statsList(stats.data, owner).map((stat) => (
              <Box
                key={stat.name}
                sx={{ p: 2, border: '1px solid', borderColor: 'divider', borderRadius: 2 }}
              >
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  {stat.name}
                </Typography>
                <Typography
                  component="dd"
                  sx={{
                    m: 0,
                    fontSize: '1.35rem',
                    fontWeight: 700,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {stat.value}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, mt: 0.5, color: 'text.secondary' }}
                >
                  {stat.explanation}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box component="section" aria-labelledby="sectors-heading">
            <Typography id="sectors-heading" variant="h2" sx={{ mb: 1 }}>
              Sector weights
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              Which parts of the economy {owner.whose} money is in. Spreading it across sectors
              lowers the risk that one bad industry hurts the whole portfolio.
            </Typography>
            {stats.data.sector_weights.length === 0 ? (
              <Typography>No stocks yet: everything is in cash.</Typography>
            ) : (
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, maxWidth: 640 }}
              >
                {stats.data.sector_weights.map((sector, index) => (
                  <li key={sector.sector}>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                      <span>{sector.sector}</span>
                      <Box
                        component="span"
                        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatPercent(sector.weight_ratio)}
                      </Box>
                    </Box>
                    <Box
                      aria-hidden="true"
                      sx={{ height: 10, bgcolor: '#e6edf7', borderRadius: 5, overflow: 'hidden' }}
                    >
                      <Box
                        sx={{
                          height: '100%',
                          width: `${Math.min(100, Math.max(0, sector.weight_ratio * 100))}%`,
                          bgcolor: PIE_COLORS[index % PIE_COLORS.length],
                        }}
                      />
                    </Box>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        </>
      )}
    </PageContainer>
  );
}

export function Component() {
  const params = useRouteParams('userId', 'contestId');
  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <PortfolioStatsPage userId={params.userId} contestId={params.contestId} />;
}
