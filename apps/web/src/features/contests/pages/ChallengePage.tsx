import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatCents } from '@bullpen/contract/money';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useChallenge } from '../api/get-challenge.ts';
import { useJoinContestMutation } from '../api/join-contest.ts';
import { contestPaths } from '../api/paths.ts';
import { PageState } from '../components/PageState.tsx';
import { formatDateTime } from '../format.ts';

/** /join-fintron-challenge: the standing public challenge, one button to join. */
export function ChallengePage() {
  useDocumentTitle('Join the Challenge');
  const challenge = useChallenge();
  const join = useJoinContestMutation();
  const navigate = useNavigate();
  const notify = useNotify();
  const contest = challenge.data;
  if (!contest) return <PageState error={challenge.error} label="Loading the challenge" />;

  const joinNow = async () => {
    try {
      const member = await join.mutateAsync({ contest: contest.id });
      notify(`You are in! You have ${formatCents(member.cash)} to invest.`, 'success');
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
        {contest.description ||
          'The standing investing challenge: pick stocks with virtual money and compete with students everywhere.'}
      </Typography>
      <Box component="ul" sx={{ pl: 3, mb: 3, '& li': { mb: 0.5 } }}>
        <li>Starting cash: {formatCents(contest.starting_cash)} of virtual money.</li>
        <li>
          Runs from {formatDateTime(contest.starts_at)} to {formatDateTime(contest.ends_at)}.
        </li>
        <li>
          {contest.members_count} {contest.members_count === 1 ? 'player has' : 'players have'}{' '}
          joined.
        </li>
      </Box>
      {contest.status === 'ended' ? (
        <Alert severity="info">This challenge has ended. A new one starts soon.</Alert>
      ) : contest.my_contest_user !== null ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            component={RouterLink}
            to={contestPaths.portfolio(contest.my_contest_user)}
            variant="contained"
            size="large"
          >
            Go to my portfolio
          </Button>
          <Button
            component={RouterLink}
            to={contestPaths.contest(contest.id)}
            variant="outlined"
            size="large"
          >
            See the leaderboard
          </Button>
        </Box>
      ) : (
        <Button
          variant="contained"
          size="large"
          onClick={() => void joinNow()}
          disabled={join.isPending}
        >
          {join.isPending ? 'Joining…' : 'Join the challenge'}
        </Button>
      )}
    </PageContainer>
  );
}

export const Component = ChallengePage;
