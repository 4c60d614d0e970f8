import { Navigate, Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContestReview, ReviewDecision } from '@bullpen/contract/contest-review';
import { learnPaths, NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useFormatters } from '@/lib/format.ts';
import { useRouteParams } from '@/lib/route-params.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContestReview } from '../api/portfolios-api.ts';
import { PageState } from '../components/PageState.tsx';
import { SignedAmount } from '../components/SignedAmount.tsx';
import styles from './ContestReviewPage.module.css';

/** The lessons the review points to (content/lessons): spreading risk, and what fees cost. */
const LESSONS = {
  diversification: learnPaths.publicLesson('diversification'),
  fees: learnPaths.publicLesson('market-and-limit-orders'),
} as const;

function Decisions({
  title,
  empty,
  decisions,
}: {
  title: string;
  empty: string;
  decisions: ReviewDecision[];
}) {
  const { t } = useTranslation('contest-stats');
  const format = useFormatters();
  return (
    <section className={styles.card} aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {decisions.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>
      ) : (
        <ol className={styles.decisions}>
          {decisions.map((decision) => (
            <li key={decision.symbol}>
              <strong>{decision.symbol}</strong> {decision.name}:{' '}
              <SignedAmount cents={decision.profit} />
              <Typography variant="body2" component="span" className={styles.detail}>
                {t('review.decisionDetail', {
                  bought: format.cents(decision.bought),
                  count: decision.shares_at_end,
                })}
              </Typography>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Verdict({ review }: { review: ContestReview }) {
  const { t } = useTranslation('contest-stats');
  const format = useFormatters();
  const funds = review.index_funds;
  if (!funds) return null;
  const difference = review.final_value - funds.final_value;
  return (
    <Typography sx={{ mt: 1 }}>
      {t('review.index', {
        count: funds.symbols.length,
        value: format.cents(funds.final_value),
        percent: format.signedPercent(funds.return_ratio),
      })}{' '}
      <strong>
        {difference >= 0
          ? t('review.beat', { amount: format.cents(difference) })
          : t('review.behind', { amount: format.cents(-difference) })}
      </strong>
    </Typography>
  );
}

/**
 * /contest-review/{id}: a student's one page after a contest (docs/features.md "Contest
 * review"): the result against the index funds, fees, the best and worst decisions, and how
 * spread out the portfolio was, each with the lesson that teaches it.
 */
export function ContestReviewPage({ contestUserId }: { contestUserId: number }) {
  const { t } = useTranslation('contest-stats');
  const format = useFormatters();
  const review = useContestReview(contestUserId);
  useDocumentTitle(t('review.title'));
  if (!review.data) return <PageState error={review.error} label={t('review.loading')} />;
  const { data } = review;
  const feeShare = data.starting_cash > 0 ? data.commissions / data.starting_cash : 0;
  // A trading day is a calendar date: shown as written, in no time zone.
  const day = new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <PageContainer maxWidth={900}>
      <Typography variant="h4" component="h1">
        {t('review.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {t('review.contest', {
          name: data.contest.name,
          from: format.dateTime(data.contest.starts_at),
          to: format.dateTime(data.contest.ends_at),
        })}
      </Typography>

      <section className={styles.card} aria-label={t('review.resultTitle')}>
        <Typography variant="h6" component="h2">
          {t('review.resultTitle')}
        </Typography>
        <Typography>
          {t('review.result', {
            start: format.cents(data.starting_cash),
            value: format.cents(data.final_value),
          })}{' '}
          (<SignedAmount ratio={data.return_ratio} />)
        </Typography>
        <Verdict review={data} />
      </section>

      <section className={styles.card} aria-label={t('review.feesTitle')}>
        <Typography variant="h6" component="h2">
          {t('review.feesTitle')}
        </Typography>
        <Typography>
          {t('review.fees', {
            count: data.trades,
            fees: format.cents(data.commissions),
            share: format.percent(feeShare),
          })}{' '}
          {data.dividends > 0 && t('review.dividends', { amount: format.cents(data.dividends) })}
        </Typography>
        <Link component={RouterLink} to={LESSONS.fees}>
          {t('review.feesLesson')}
        </Link>
      </section>

      <Box className={styles.pair}>
        <Decisions title={t('review.bestTitle')} empty={t('review.noBest')} decisions={data.best} />
        <Decisions
          title={t('review.worstTitle')}
          empty={t('review.noWorst')}
          decisions={data.worst}
        />
      </Box>

      <section className={styles.card} aria-labelledby="review-spread">
        <Typography id="review-spread" variant="h6" component="h2">
          {t('review.spreadTitle')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('review.spreadLead')}</Typography>
        <div className={styles.tableScroll}>
          <table className={styles.table} aria-labelledby="review-spread">
            <thead>
              <tr>
                <th scope="col">{t('review.columns.date')}</th>
                <th scope="col">{t('review.columns.value')}</th>
                <th scope="col">{t('review.columns.holdings')}</th>
                <th scope="col">{t('review.columns.largest')}</th>
                <th scope="col">{t('review.columns.cash')}</th>
              </tr>
            </thead>
            <tbody>
              {data.diversification.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{day.format(new Date(`${point.date}T00:00:00Z`))}</th>
                  <td>{format.cents(point.value)}</td>
                  <td>{point.holdings}</td>
                  <td>{format.percent(point.largest_weight_ratio)}</td>
                  <td>{format.percent(point.cash_ratio)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Link component={RouterLink} to={LESSONS.diversification}>
          {t('review.spreadLesson')}
        </Link>
      </section>
    </PageContainer>
  );
}

/** The route's page: its id was checked before it loaded (app/routes/page-route.tsx). */
export function Component() {
  const params = useRouteParams('id');
  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <ContestReviewPage contestUserId={params.id} />;
}
