import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import type { Contest } from '@bullpen/contract/contests';
import type { MarketStatus } from '@bullpen/contract/market';
import { ActionButton, ActionLink } from '@/components/ActionButton.tsx';
import { Heading } from '@/components/Heading.tsx';
import { PathIcon, type IconPaths } from '@/components/PathIcon.tsx';
import { StatusChip } from '@/components/StatusChip.tsx';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { errorText } from '@/lib/api-client.ts';
import { type Formatters, useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  useContestCoachMutation,
  useDeleteContestMutation,
  useFreezeContestMutation,
} from '../api/contest-api.ts';
import { useJoinContestMutation, useLeaveContestMutation } from '../api/contest-users-api.ts';
import { useMarketStatus } from '@/lib/market-status.ts';
import { contestPaths } from '../api/paths.ts';
import { statusColors } from '../format.ts';
import { tradingPauseText } from '../trading-pause.ts';
import styles from './ContestHeader.module.css';

/** The dialogs (MUI's Dialog and Modal; the invite form) load on the first open, not with the page. */
const ConfirmDialog = lazy(() =>
  import('@/components/ConfirmDialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);
const InviteDialog = lazy(() =>
  import('./InviteDialog.tsx').then((module) => ({ default: module.InviteDialog })),
);

type Confirm = 'delete' | 'leave' | 'freeze' | null;

/**
 * The buttons' icons, drawn by `PathIcon`: Material Icons' ContentCopy, PauseCircleOutlined and
 * PlayCircleOutlined (Apache License 2.0), as `@mui/icons-material` ships them.
 */
const icons = {
  copy: [
    'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z',
  ],
  pause: [
    'M9 16h2V8H9zm3-14C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m1-4h2V8h-2z',
  ],
  play: [
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m-2.5-3.5 7-4.5-7-4.5z',
  ],
} as const satisfies Record<string, IconPaths>;

const confirmations = {
  delete: { title: 'header.confirm.deleteTitle', action: 'header.confirm.deleteAction' },
  leave: { title: 'header.confirm.leaveTitle', action: 'header.confirm.leaveAction' },
  freeze: { title: 'header.confirm.freezeTitle', action: 'header.confirm.freezeAction' },
} as const;

/** The server refuses deleting a started contest that others have joined. */
function canDelete(contest: Contest): boolean {
  return contest.is_owner && (contest.status === 'upcoming' || contest.members_count <= 1);
}

function Rule({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.rule}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** The exchange's state now, apart from the contest's rule about it. */
function marketNow(
  status: MarketStatus | undefined,
  t: TFunction<'contests'>,
  format: Formatters,
): string {
  if (!status) return t('header.market.checking');
  if (status.is_open) return t('header.market.open');
  return status.next_open
    ? t('header.market.closedOpens', { time: format.dateTime(status.next_open) })
    : t('header.market.closed');
}

export function ContestHeader({ contest }: { contest: Contest }) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const navigate = useNavigate();
  const market = useMarketStatus();
  const notify = useNotify();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  // The dialog keeps its words while it fades out after `confirm` is cleared.
  const [shown, setShown] = useState<Exclude<Confirm, null>>('leave');
  if (confirm !== null && confirm !== shown) setShown(confirm);
  const inviteLoaded = useOpenedOnce(inviteOpen);
  const confirmLoaded = useOpenedOnce(confirm !== null);
  const remove = useDeleteContestMutation();
  const leave = useLeaveContestMutation();
  const join = useJoinContestMutation();
  const freeze = useFreezeContestMutation();
  const coach = useContestCoachMutation();
  const member = contest.my_contest_user !== null;
  const frozen = contest.status === 'frozen';
  const classPause = frozen ? null : tradingPauseText(contest);

  const copyCode = async () => {
    if (!contest.join_code) return;
    try {
      await navigator.clipboard.writeText(contest.join_code);
      notify(t('header.notify.codeCopied', { code: contest.join_code }), 'success');
    } catch {
      notify(t('header.notify.copyBlocked', { code: contest.join_code }), 'info');
    }
  };

  const setFrozen = async (nextFrozen: boolean) => {
    try {
      await freeze.mutateAsync({ contestId: contest.id, frozen: nextFrozen });
      notify(
        nextFrozen
          ? t('header.notify.paused', { contest: contest.name })
          : t('header.notify.resumed', { contest: contest.name }),
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  const switchCoach = async () => {
    const next = !contest.coach;
    try {
      await coach.mutateAsync({ contestId: contest.id, coach: next });
      notify(
        t(next ? 'header.notify.coachOn' : 'header.notify.coachOff', { contest: contest.name }),
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  const confirmAction = async () => {
    if (confirm === 'freeze') {
      setConfirm(null);
      await setFrozen(true);
      return;
    }
    try {
      if (confirm === 'delete') {
        await remove.mutateAsync(contest.id);
        notify(t('header.notify.deleted', { contest: contest.name }), 'success');
      } else if (confirm === 'leave' && contest.my_contest_user !== null) {
        await leave.mutateAsync(contest.my_contest_user);
        notify(t('header.notify.left', { contest: contest.name }), 'success');
      }
      setConfirm(null);
      navigate(contestPaths.myContests(contest.visibility));
    } catch (error) {
      setConfirm(null);
      notify(errorText(error), 'error');
    }
  };

  const joinNow = async () => {
    try {
      await join.mutateAsync({ contest: contest.id });
      notify(
        t('welcome', { contest: contest.name, cash: format.cents(contest.starting_cash) }),
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <Heading level={1} className={styles.title}>
          {contest.name}
        </Heading>
        <StatusChip label={t(`status.${contest.status}`)} color={statusColors[contest.status]} />
        <StatusChip label={t(`visibility.${contest.visibility}`)} variant="outlined" />
      </div>
      {frozen && (
        <Alert severity="warning" icon={<PauseCircleOutlineIcon />} sx={{ mb: 2, maxWidth: 760 }}>
          {contest.is_owner ? t('header.ownerPaused') : t('frozen')}
        </Alert>
      )}
      {classPause !== null && (
        <Alert severity="warning" icon={<PauseCircleOutlineIcon />} sx={{ mb: 2, maxWidth: 760 }}>
          {contest.is_owner
            ? t('header.classPausedTeacher')
            : `${classPause} ${t('pausedDialog.classroom')}`}
        </Alert>
      )}
      {contest.description && <p className={styles.description}>{contest.description}</p>}
      <dl className={styles.rules}>
        <Rule term={t('header.rules.starts')}>{format.dateTime(contest.starts_at)}</Rule>
        <Rule term={t('header.rules.ends')}>{format.dateTime(contest.ends_at)}</Rule>
        <Rule term={t('header.rules.startingCash')}>{format.cents(contest.starting_cash)}</Rule>
        <Rule term={t('header.rules.commission')}>{format.cents(contest.commission)}</Rule>
        <Rule term={t('header.rules.largestPosition')}>
          {contest.max_position_weight === null
            ? t('header.rules.noLimit')
            : `${contest.max_position_weight}%`}
        </Rule>
        <Rule term={t('header.rules.afterHours')}>
          {contest.after_hours === 'queue' ? t('header.rules.queue') : t('header.rules.refuse')}
        </Rule>
        <Rule term={t('header.rules.coach')}>
          {contest.coach ? t('header.rules.coachOn') : t('header.rules.coachOff')}
        </Rule>
        <Rule term={t('header.rules.marketNow')}>
          <span data-testid="market-status">{marketNow(market.data, t, format)}</span>
        </Rule>
        <Rule term={t('header.rules.players')}>{format.number(contest.members_count)}</Rule>
        <Rule term={t('header.rules.createdBy')}>{contest.owner?.username ?? 'Bullpen'}</Rule>
      </dl>
      <div className={styles.actions}>
        {contest.join_code && (
          <div className={styles.joinCode}>
            <p className={styles.joinCodeText}>
              {t('header.joinCode')}{' '}
              <strong className={styles.code} data-testid="join-code">
                {contest.join_code}
              </strong>
            </p>
            <ActionButton
              size="small"
              startIcon={<PathIcon paths={icons.copy} />}
              onClick={() => void copyCode()}
            >
              {t('header.copy')}
              <span className={visuallyHiddenClass}>{t('header.copyHidden')}</span>
            </ActionButton>
          </div>
        )}
        {contest.is_owner && (
          <ActionButton variant="contained" onClick={() => setInviteOpen(true)}>
            {t('header.invite')}
          </ActionButton>
        )}
        {contest.is_owner && !frozen && contest.status !== 'ended' && (
          <ActionButton
            variant="outlined"
            color="warning"
            startIcon={<PathIcon paths={icons.pause} />}
            onClick={() => setConfirm('freeze')}
            disabled={freeze.isPending}
          >
            {t('header.freeze')}
          </ActionButton>
        )}
        {contest.is_owner && frozen && (
          <ActionButton
            variant="contained"
            color="success"
            startIcon={<PathIcon paths={icons.play} />}
            onClick={() => void setFrozen(false)}
            disabled={freeze.isPending}
          >
            {t('header.resume')}
          </ActionButton>
        )}
        {contest.can_manage && contest.status !== 'ended' && (
          <ActionButton
            variant="outlined"
            onClick={() => void switchCoach()}
            disabled={coach.isPending}
          >
            {contest.coach ? t('header.coachTurnOff') : t('header.coachTurnOn')}
          </ActionButton>
        )}
        {member && contest.status === 'ended' && (
          <ActionLink variant="contained" to={`/contest-review/${contest.my_contest_user}`}>
            {t('header.review')}
          </ActionLink>
        )}
        {!member && contest.status !== 'ended' && (
          <ActionButton
            variant="contained"
            onClick={() => void joinNow()}
            disabled={join.isPending}
          >
            {t('header.join')}
          </ActionButton>
        )}
        {member && !contest.is_owner && (
          <ActionButton variant="outlined" color="error" onClick={() => setConfirm('leave')}>
            {t('header.leave')}
          </ActionButton>
        )}
        {canDelete(contest) && (
          <ActionButton variant="outlined" color="error" onClick={() => setConfirm('delete')}>
            {t('header.delete')}
          </ActionButton>
        )}
      </div>
      <Suspense fallback={null}>
        {contest.is_owner && inviteLoaded && (
          <InviteDialog
            contestId={contest.id}
            contestName={contest.name}
            open={inviteOpen}
            onClose={() => setInviteOpen(false)}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {confirmLoaded && (
          <ConfirmDialog
            open={confirm !== null}
            title={t(confirmations[shown].title)}
            text={
              shown === 'delete'
                ? t('header.confirm.deleteText', { contest: contest.name })
                : shown === 'freeze'
                  ? t('header.confirm.freezeText', { contest: contest.name })
                  : t('header.confirm.leaveText', { contest: contest.name })
            }
            confirmLabel={t(confirmations[shown].action)}
            danger={shown !== 'freeze'}
            busy={remove.isPending || leave.isPending || freeze.isPending}
            onConfirm={() => void confirmAction()}
            onClose={() => setConfirm(null)}
          />
        )}
      </Suspense>
    </header>
  );
}
