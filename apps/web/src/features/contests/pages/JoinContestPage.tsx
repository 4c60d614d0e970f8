import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents } from '@bullpen/contract/money';
import { api } from '@bullpen/contract/routes';
import type { User } from '@bullpen/contract/users';
import { PageContainer } from '@/components/PageContainer.tsx';
import { UnverifiedEmailNote } from '@/components/UnverifiedEmailNote.tsx';
import { ApiError, apiClient, errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContests } from '../api/get-contests.ts';
import { useJoinContestMutation, type JoinTarget } from '../api/join-contest.ts';
import { contestPaths } from '../api/paths.ts';
import { ContestCard, cardGrid } from '../components/ContestCard.tsx';

/**
 * /join: with an emailed invitation (`?invitation=`, accepted with one click), by code
 * (prefilled from `?code=`), or from the open public contests.
 */
export function JoinContestPage() {
  useDocumentTitle('Join Contest');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const [code, setCode] = useState(() => (params.get('code') ?? '').toUpperCase());
  const [codeError, setCodeError] = useState<string | null>(null);
  const join = useJoinContestMutation();
  const publicContests = useContests('public');
  const [joiningId, setJoiningId] = useState<number | null>(null);
  const invitation = params.get('invitation');
  const [invitationError, setInvitationError] = useState<string | null>(null);

  const joinWith = async (target: JoinTarget) => {
    try {
      const member = await join.mutateAsync(target);
      if ('invitation' in target && session.user && !session.user.email_verified) {
        // The invitation link proved the address: show the account as verified at once.
        const userId = session.user.id;
        apiClient
          .get<User>(api.user(userId))
          .then(session.updateUser)
          .catch(() => {});
      }
      notify(
        `Welcome to ${member.contest.name}! You have ${formatCents(member.cash)} to invest.`,
        'success',
      );
      navigate(contestPaths.contest(member.contest.id));
    } catch (error) {
      if ('code' in target) {
        const fieldMessage =
          error instanceof ApiError ? error.fieldErrors.code?.join(' ') : undefined;
        setCodeError(fieldMessage ?? errorText(error));
      } else if ('invitation' in target) {
        const fieldMessage =
          error instanceof ApiError ? error.fieldErrors.invitation?.join(' ') : undefined;
        setInvitationError(fieldMessage ?? errorText(error));
      } else {
        notify(errorText(error), 'error');
      }
    } finally {
      setJoiningId(null);
    }
  };

  const open = (publicContests.data?.results ?? []).filter((contest) => contest.status !== 'ended');
  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Join Contest
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Got a join code from your teacher or a friend? Type it here. Or pick a public contest below.
      </Typography>
      <UnverifiedEmailNote sx={{ mb: 3, maxWidth: 720 }} />
      {invitation && (
        <Box component="section" aria-labelledby="invitation-heading" sx={{ mb: 6, maxWidth: 520 }}>
          <Typography id="invitation-heading" variant="h2" sx={{ mb: 1 }}>
            Your invitation
          </Typography>
          <Typography sx={{ mb: 1.5 }}>
            You were invited to a contest by email. The link works once.
          </Typography>
          {invitationError && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {invitationError}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            disabled={join.isPending}
            onClick={() => {
              setInvitationError(null);
              void joinWith({ invitation });
            }}
          >
            Accept the invitation
          </Button>
        </Box>
      )}
      <Box
        component="form"
        noValidate
        aria-labelledby="code-heading"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = code.trim();
          if (!trimmed) {
            setCodeError('Enter the join code you received.');
            return;
          }
          void joinWith({ code: trimmed });
        }}
        sx={{ mb: 6, maxWidth: 520 }}
      >
        <Typography id="code-heading" variant="h2" sx={{ mb: 1 }}>
          Join with a code
        </Typography>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
          }}
        >
          <TextField
            id="join-code"
            label="Join code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setCodeError(null);
            }}
            error={Boolean(codeError)}
            helperText={codeError ?? 'Eight letters and digits, such as ABCD2345.'}
            autoComplete="off"
            margin="none"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={join.isPending}
            sx={{ mt: 0.5, flexShrink: 0 }}
          >
            Join
          </Button>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="public-heading">
        <Typography id="public-heading" variant="h2" sx={{ mb: 1.5 }}>
          Public contests
        </Typography>
        {publicContests.isPending ? (
          <Typography role="status">Loading contests…</Typography>
        ) : publicContests.isError ? (
          <Alert severity="error">{errorText(publicContests.error)}</Alert>
        ) : open.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            No public contests are open right now.{' '}
            <Link component={RouterLink} to={contestPaths.create}>
              Create one
            </Link>{' '}
            or try the{' '}
            <Link component={RouterLink} to={contestPaths.challenge}>
              challenge
            </Link>
            .
          </Typography>
        ) : (
          <Box component="ul" sx={cardGrid}>
            {open.map((contest) => (
              <ContestCard
                key={contest.id}
                contest={contest}
                actions={
                  contest.my_contest_user !== null ? (
                    <Button
                      component={RouterLink}
                      to={contestPaths.contest(contest.id)}
                      variant="outlined"
                      aria-label={`Open ${contest.name}`}
                    >
                      Open
                    </Button>
                  ) : (
                    <Button
                      variant="contained"
                      disabled={joiningId === contest.id}
                      aria-label={`Join ${contest.name}`}
                      onClick={() => {
                        setJoiningId(contest.id);
                        void joinWith({ contest: contest.id });
                      }}
                    >
                      Join
                    </Button>
                  )
                }
              >
                <Typography variant="body2">
                  Starting cash {formatCents(contest.starting_cash)}
                  {contest.description ? ` · ${contest.description}` : ''}
                </Typography>
              </ContestCard>
            ))}
          </Box>
        )}
      </Box>
    </PageContainer>
  );
}

export const Component = JoinContestPage;
