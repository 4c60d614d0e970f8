import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '@bullpen/contract/routes';
import { needsEmailVerification } from '@bullpen/contract/user-email';
import type { User } from '@bullpen/contract/users';
import { PageContainer } from '@/components/PageContainer.tsx';
import { UnverifiedEmailNote } from '@/components/UnverifiedEmailNote.tsx';
import { ApiError, apiClient, errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContests } from '../api/contests-api.ts';
import { useJoinContestMutation, type JoinTarget } from '../api/contest-users-api.ts';
import { contestPaths } from '../api/paths.ts';
import { cardGridClass } from '@/components/ListCard.tsx';
import { ContestCard } from '../components/ContestCard.tsx';

/**
 * /join: with an emailed invitation (`?invitation=`, accepted with one click), by code
 * (prefilled from `?code=`), or from the open public contests.
 */
export function JoinContestPage() {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  useDocumentTitle(t('join.title'));
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
      if ('invitation' in target && session.user && needsEmailVerification(session.user)) {
        // The invitation link proved the address: show the account as verified at once.
        const userId = session.user.id;
        apiClient
          .get<User>(api.user.build({ id: userId }))
          .then(session.updateUser)
          .catch(() => {});
      }
      notify(
        t('welcome', { contest: member.contest.name, cash: format.cents(member.cash) }),
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
        {t('join.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('join.intro')}</Typography>
      <UnverifiedEmailNote sx={{ mb: 3, maxWidth: 720 }} />
      {invitation && (
        <Box component="section" aria-labelledby="invitation-heading" sx={{ mb: 6, maxWidth: 520 }}>
          <Typography id="invitation-heading" variant="h2" sx={{ mb: 1 }}>
            {t('join.invitationHeading')}
          </Typography>
          <Typography sx={{ mb: 1.5 }}>{t('join.invitationText')}</Typography>
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
            {t('join.accept')}
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
            setCodeError(t('join.codeRequired'));
            return;
          }
          void joinWith({ code: trimmed });
        }}
        sx={{ mb: 6, maxWidth: 520 }}
      >
        <Typography id="code-heading" variant="h2" sx={{ mb: 1 }}>
          {t('join.codeHeading')}
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
            label={t('join.codeLabel')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setCodeError(null);
            }}
            error={Boolean(codeError)}
            helperText={codeError ?? t('join.codeHelp')}
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
            {t('join.join')}
          </Button>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="public-heading">
        <Typography id="public-heading" variant="h2" sx={{ mb: 1.5 }}>
          {t('join.publicHeading')}
        </Typography>
        {publicContests.isPending ? (
          <Typography role="status">{t('join.loading')}</Typography>
        ) : publicContests.isError ? (
          <Alert severity="error">{errorText(publicContests.error)}</Alert>
        ) : open.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            <Trans
              t={t}
              i18nKey="join.none"
              components={{
                create: <Link component={RouterLink} to={contestPaths.create} />,
                challenge: <Link component={RouterLink} to={contestPaths.challenge} />,
              }}
            />
          </Typography>
        ) : (
          <ul className={cardGridClass}>
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
                      aria-label={t('join.openLabel', { contest: contest.name })}
                    >
                      {t('join.open')}
                    </Button>
                  ) : (
                    <Button
                      variant="contained"
                      disabled={joiningId === contest.id}
                      aria-label={t('join.joinLabel', { contest: contest.name })}
                      onClick={() => {
                        setJoiningId(contest.id);
                        void joinWith({ contest: contest.id });
                      }}
                    >
                      {t('join.join')}
                    </Button>
                  )
                }
              >
                <Typography variant="body2">
                  {t('join.startingCash', { cash: format.cents(contest.starting_cash) })}
                  {contest.description ? ` · ${contest.description}` : ''}
                </Typography>
              </ContestCard>
            ))}
          </ul>
        )}
      </Box>
    </PageContainer>
  );
}

export const Component = JoinContestPage;
