import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useMyContestUsers } from '../api/get-my-contest-users.ts';
import { contestPaths } from '../api/paths.ts';
import { cardGrid } from '@/components/ListCard.tsx';
import { ContestCard } from '../components/ContestCard.tsx';
import { SignedAmount } from '../components/SignedAmount.tsx';

type ContestType = 'public' | 'private';

/** /my-contests?type=public|private: the viewer's portfolios, one card per contest. */
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
      <Typography variant="h1" sx={{ mb: 2 }}>
        {label}
      </Typography>
      <Tabs
        value={type}
        onChange={(_event, value: ContestType) => setParams({ type: value })}
        aria-label={t('myContests.type')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="private"
          label={t('visibility.private')}
          id="tab-private"
          aria-controls="contests-panel"
        />
        <Tab
          value="public"
          label={t('visibility.public')}
          id="tab-public"
          aria-controls="contests-panel"
        />
      </Tabs>
      <Box role="tabpanel" id="contests-panel" aria-labelledby={`tab-${type}`}>
        {mine.isPending ? (
          <Typography role="status">{t('myContests.loading')}</Typography>
        ) : mine.isError ? (
          <Alert severity="error">{errorText(mine.error)}</Alert>
        ) : rows.length === 0 ? (
          <Box sx={{ py: 4 }}>
            <Typography sx={{ mb: 2 }}>
              {type === 'public' ? t('myContests.emptyPublic') : t('myContests.emptyPrivate')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button component={RouterLink} to={contestPaths.join} variant="contained">
                {t('myContests.join')}
              </Button>
              <Button component={RouterLink} to={contestPaths.create} variant="outlined">
                {t('myContests.create')}
              </Button>
              {type === 'public' && (
                <Button component={RouterLink} to={contestPaths.challenge} variant="outlined">
                  {t('myContests.challenge')}
                </Button>
              )}
            </Box>
          </Box>
        ) : (
          <Box component="ul" sx={cardGrid}>
            {rows.map((member) => (
              <ContestCard
                key={member.id}
                contest={member.contest}
                actions={
                  <>
                    <Button
                      component={RouterLink}
                      to={contestPaths.portfolio(member.id)}
                      variant="contained"
                      size="small"
                      aria-label={t('myContests.portfolioLabel', { contest: member.contest.name })}
                    >
                      {t('myContests.portfolio')}
                    </Button>
                    <Button
                      component={RouterLink}
                      to={contestPaths.contest(member.contest.id)}
                      variant="outlined"
                      size="small"
                      aria-label={t('myContests.leaderboardLabel', {
                        contest: member.contest.name,
                      })}
                    >
                      {t('myContests.leaderboard')}
                    </Button>
                  </>
                }
              >
                <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
                  <div>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('myContests.value')}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                      {format.cents(member.value)}
                    </Typography>
                  </div>
                  <div>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('myContests.return')}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      <SignedAmount ratio={member.return_ratio} />
                    </Typography>
                  </div>
                </Box>
              </ContestCard>
            ))}
          </Box>
        )}
      </Box>
      {rows.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 4 }}>
          <Button component={RouterLink} to={contestPaths.join}>
            {t('myContests.joinAnother')}
          </Button>
          <Button component={RouterLink} to={contestPaths.create}>
            {t('myContests.create')}
          </Button>
        </Box>
      )}
    </PageContainer>
  );
}

export const Component = MyContestsPage;
