import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { ActionLink } from '@/components/ActionButton.tsx';
import { Heading } from '@/components/Heading.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { TabBar } from '@/components/TabBar.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useMyContestUsers } from '../api/contest-users-queries.ts';
import { contestPaths } from '../api/paths.ts';
import { cardGridClass } from '@/components/ListCard.tsx';
import { ContestCard } from '../components/ContestCard.tsx';
import { SignedAmount } from '../components/SignedAmount.tsx';
import styles from './MyContestsPage.module.css';

type ContestType = 'public' | 'private';

/**
 * /my-contests?type=public|private: the viewer's portfolios, one card per contest. Static
 * components throughout (decision 020): MUI's Alert loads only with the page's error.
 */
export function MyContestsPage() {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const type: ContestType = params.get('type') === 'public' ? 'public' : 'private';
  const label = type === 'public' ? t('myContests.titlePublic') : t('myContests.titlePrivate');
  useDocumentTitle(label);
  const mine = useMyContestUsers(type);
  const rows = mine.data?.results ?? [];

  return (
    <PageContainer>
      <Heading level={1} className={styles.title}>
        {label}
      </Heading>
      <TabBar
        label={t('myContests.type')}
        value={type}
        onChange={(value) => setParams({ type: value })}
        className={styles.tabs}
        tabs={[
          {
            value: 'private',
            label: t('visibility.private'),
            id: 'tab-private',
            controls: 'contests-panel',
          },
          {
            value: 'public',
            label: t('visibility.public'),
            id: 'tab-public',
            controls: 'contests-panel',
          },
        ]}
      />
      <div role="tabpanel" id="contests-panel" aria-labelledby={`tab-${type}`}>
        {mine.isPending ? (
          <p role="status" className={styles.text}>
            {t('myContests.loading')}
          </p>
        ) : mine.isError ? (
          <Alert severity="error">{errorText(mine.error)}</Alert>
        ) : rows.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.text}>
              {type === 'public' ? t('myContests.emptyPublic') : t('myContests.emptyPrivate')}
            </p>
            <div className={styles.buttons}>
              <ActionLink to={contestPaths.join} variant="contained">
                {t('myContests.join')}
              </ActionLink>
              <ActionLink to={contestPaths.create} variant="outlined">
                {t('myContests.create')}
              </ActionLink>
              {type === 'public' && (
                <ActionLink to={contestPaths.challenge} variant="outlined">
                  {t('myContests.challenge')}
                </ActionLink>
              )}
            </div>
          </div>
        ) : (
          <ul className={cardGridClass}>
            {rows.map((member) => (
              <ContestCard
                key={member.id}
                contest={member.contest}
                actions={
                  <>
                    <ActionLink
                      to={contestPaths.portfolio(member.id)}
                      variant="contained"
                      size="small"
                      aria-label={t('myContests.portfolioLabel', { contest: member.contest.name })}
                    >
                      {t('myContests.portfolio')}
                    </ActionLink>
                    <ActionLink
                      to={contestPaths.contest(member.contest.id)}
                      variant="outlined"
                      size="small"
                      aria-label={t('myContests.leaderboardLabel', {
                        contest: member.contest.name,
                      })}
                    >
                      {t('myContests.leaderboard')}
                    </ActionLink>
                  </>
                }
              >
                <dl className={styles.figures}>
                  <div>
                    <dt className={styles.figureName}>{t('myContests.value')}</dt>
                    <dd className={`${styles.figure} ${styles.value}`}>
                      {format.cents(member.value)}
                    </dd>
                  </div>
                  <div>
                    <dt className={styles.figureName}>{t('myContests.return')}</dt>
                    <dd className={styles.figure}>
                      <SignedAmount ratio={member.return_ratio} />
                    </dd>
                  </div>
                </dl>
              </ContestCard>
            ))}
          </ul>
        )}
      </div>
      {rows.length > 0 && (
        <div className={styles.more}>
          <ActionLink to={contestPaths.join}>{t('myContests.joinAnother')}</ActionLink>
          <ActionLink to={contestPaths.create}>{t('myContests.create')}</ActionLink>
        </div>
      )}
    </PageContainer>
  );
}

export const Component = MyContestsPage;
