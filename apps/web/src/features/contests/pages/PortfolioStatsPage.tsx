import { Navigate } from 'react-router';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PortfolioStats } from '@bullpen/contract/trading';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { type Formatters, useFormatters } from '@/lib/format.ts';
import { useSession } from '@/lib/session.tsx';
import { useRouteParams } from '@/lib/route-params.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContest } from '../api/contest-queries.ts';
import { useMember } from '../api/contest-users-queries.ts';
import { usePortfolioStats } from '../api/portfolios-api.ts';
import { MemberHeader } from '../components/MemberHeader.tsx';
import { PageState } from '../components/PageState.tsx';
import { SignedAmount } from '../components/SignedAmount.tsx';
import { PIE_COLORS } from '../components/WeightPie.tsx';

interface Stat {
  name: string;
  value: ReactNode;
  explanation: string;
}

/**
 * Each figure with one plain line for students, worded for whose portfolio it is: "your" on
 * one's own page, the player's name when viewing someone else's.
 */
function statsList(
  stats: PortfolioStats,
  owner: { mine: boolean; name: string },
  t: TFunction<'contest-stats'>,
  format: Formatters,
): Stat[] {
  const notYet = t('stats.notYet');
  const decimal = (value: number | null) => (value === null ? notYet : format.decimal(value));
  const whose = (
    key:
      | 'value'
      | 'cash'
      | 'totalReturn'
      | 'sharpe'
      | 'beta'
      | 'realized'
      | 'unrealized'
      | 'dividends',
  ) => (owner.mine ? t(`stats.mine.${key}`) : t(`stats.other.${key}`, { name: owner.name }));
  return [
    {
      name: t('stats.names.value'),
      value: format.cents(stats.value),
      explanation: whose('value'),
    },
    {
      name: t('stats.names.cash'),
      value: format.cents(stats.cash),
      explanation: whose('cash'),
    },
    {
      name: t('stats.names.totalReturn'),
      value: <SignedAmount ratio={stats.total_return_ratio} />,
      explanation: whose('totalReturn'),
    },
    {
      name: t('stats.names.dailyChange'),
      value: (
        <>
          <SignedAmount cents={stats.daily_change} /> (
          <SignedAmount ratio={stats.daily_change_ratio} sign={stats.daily_change} />)
        </>
      ),
      explanation: t('stats.explain.dailyChange'),
    },
    {
      name: t('stats.names.volatility'),
      value: stats.volatility === null ? notYet : format.percent(stats.volatility),
      explanation: t('stats.explain.volatility'),
    },
    {
      name: t('stats.names.maxDrawdown'),
      value: <SignedAmount ratio={-Math.abs(stats.max_drawdown_ratio)} />,
      explanation: t('stats.explain.maxDrawdown'),
    },
    {
      name: t('stats.names.sharpe'),
      value: decimal(stats.sharpe_ratio),
      explanation: whose('sharpe'),
    },
    {
      name: t('stats.names.beta'),
      value: decimal(stats.beta),
      explanation: whose('beta'),
    },
    {
      name: t('stats.names.realized'),
      value: <SignedAmount cents={stats.realized_pnl} />,
      explanation: whose('realized'),
    },
    {
      name: t('stats.names.unrealized'),
      value: <SignedAmount cents={stats.unrealized_pnl} />,
      explanation: whose('unrealized'),
    },
    {
      name: t('stats.names.commissions'),
      value: format.cents(stats.commissions),
      explanation: t('stats.explain.commissions'),
    },
    {
      name: t('stats.names.dividends'),
      value: format.cents(stats.dividends),
      explanation: whose('dividends'),
    },
  ];
}

/** /portfolio-stats/{userId}/{contestId}: risk and return figures, explained. */
export function PortfolioStatsPage({ userId, contestId }: { userId: number; contestId: number }) {
  const { t } = useTranslation('contest-stats');
  const format = useFormatters();
  useDocumentTitle(t('stats.title'));
  const session = useSession();
  const contest = useContest(contestId);
  const member = useMember(contestId, userId);
  const stats = usePortfolioStats(member.data?.contest_user);

  if (!contest.data || member.isPending) {
    return <PageState error={contest.error ?? member.error} label={t('stats.loading')} />;
  }
  if (!member.data) {
    return (
      <PageState
        error={member.error ?? new ApiError(404, null, t('notMember', { ns: 'contests' }))}
      />
    );
  }
  const mine = session.user?.id === userId;
  const owner = { mine, name: member.data.user.username };
  return (
    <PageContainer>
      <MemberHeader
        title={t('stats.title')}
        contest={contest.data}
        member={member.data}
        mine={mine}
      />
      {stats.isError && <Alert severity="error">{errorText(stats.error)}</Alert>}
      {!stats.data ? (
        !stats.isError && <Typography role="status">{t('stats.working')}</Typography>
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
            {statsList(stats.data, owner, t, format).map((stat) => (
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
              {t('stats.sectors')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              {mine ? t('stats.mine.sectors') : t('stats.other.sectors', { name: owner.name })}
            </Typography>
            {stats.data.sector_weights.length === 0 ? (
              <Typography>{t('stats.noSectors')}</Typography>
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
                        {format.percent(sector.weight_ratio)}
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
