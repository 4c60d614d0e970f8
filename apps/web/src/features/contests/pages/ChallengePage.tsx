import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useChallenge } from '../api/contests-api.ts';
import { useJoinContestMutation } from '../api/contest-users-api.ts';
import { contestPaths } from '../api/paths.ts';
import { PageState } from '../components/PageState.tsx';

/** /join-fintron-challenge: the standing public challenge, one button to join. */
export function ChallengePage() {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  useDocumentTitle(t('challenge.title'));
  const challenge = useChallenge();
  const join = useJoinContestMutation();
  const navigate = useNavigate();
  const notify = useNotify();
  const contest = challenge.data;
  if (!contest) return <PageState error={challenge.error} label={t('challenge.loading')} />;

  const joinNow = async () => {
    try {
      const member = await join.mutateAsync({ contest: contest.id });
      notify(t('challenge.joined', { cash: format.cents(member.cash) }), 'success');
      navigate(contestPaths.portfolio(member.id));
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  return (
    <PageContainer maxWidth={820}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {contest.name}
      </Typography>
      <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>
        {contest.description || t('challenge.fallbackDescription')}
      </Typography>
      <Box component="ul" sx={{ pl: 3, mb: 3, '& li': { mb: 0.5 } }}>
        <li>{t('challenge.startingCash', { cash: format.cents(contest.starting_cash) })}</li>
        <li>
          {t('challenge.runs', {
            start: format.dateTime(contest.starts_at),
            end: format.dateTime(contest.ends_at),
          })}
        </li>
        <li>{t('challenge.players', { count: contest.members_count })}</li>
      </Box>
      {contest.status === 'ended' ? (
        <Alert severity="info">{t('challenge.ended')}</Alert>
      ) : contest.my_contest_user !== null ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            component={RouterLink}
            to={contestPaths.portfolio(contest.my_contest_user)}
            variant="contained"
            size="large"
          >
            {t('challenge.goToPortfolio')}
          </Button>
          <Button
            component={RouterLink}
            to={contestPaths.contest(contest.id)}
            variant="outlined"
            size="large"
          >
            {t('challenge.seeLeaderboard')}
          </Button>
        </Box>
      ) : (
        <Button
          variant="contained"
          size="large"
          onClick={() => void joinNow()}
          disabled={join.isPending}
        >
          {join.isPending ? t('challenge.joining') : t('challenge.join')}
        </Button>
      )}
    </PageContainer>
  );
}

export const Component = ChallengePage;
