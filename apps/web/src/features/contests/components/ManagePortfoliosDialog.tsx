import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { Contest } from '@bullpen/contract/contests';
import { parseDollarsToCents } from '@bullpen/contract/money';
import {
  ADJUSTMENT_REASON_MAX,
  cashAdjustmentSchema,
  portfolioResetSchema,
  type Adjustment,
} from '@bullpen/contract/portfolio-adjustments';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  useAdjustments,
  useCashAdjustmentMutation,
  usePortfolioResetMutation,
} from '../api/adjustments-api.ts';
import { getLeaderboard } from '../api/contest-users-queries.ts';

/** The members the dialog offers: the board's first lines, enough for a class. */
const MEMBERS_SHOWN = 100;

type Direction = 'add' | 'remove';
type Errors = Partial<Record<'member' | 'amount' | 'reason', string>>;

/** A line of the history as the contest's managers read it. */
function HistoryLine({ line }: { line: Adjustment }) {
  const { t } = useTranslation('contest-manage');
  const format = useFormatters();
  const who = line.member.first_name || line.member.username;
  const what =
    line.kind === 'reset'
      ? t('manage.history.reset', { student: who })
      : t(line.amount > 0 ? 'manage.history.added' : 'manage.history.removed', {
          student: who,
          amount: format.cents(Math.abs(line.amount)),
        });
  return (
    <li>
      <time dateTime={line.created_at}>{format.dateTime(line.created_at)}</time>
      {' — '}
      {what} {t('manage.history.reason', { reason: line.reason })}
      {line.actor &&
        ` ${t('manage.history.by', { name: line.actor.first_name || line.actor.username })}`}
    </li>
  );
}

/**
 * The owner's dialog: add or remove cash for one student, reset one portfolio, or reset every
 * portfolio after a confirmation; each with a reason, listed in the history below.
 */
export function ManagePortfoliosDialog({
  contest,
  onClose,
}: {
  contest: Contest;
  onClose: () => void;
}) {
  const { t } = useTranslation('contest-manage');
  const format = useFormatters();
  const notify = useNotify();
  const titleId = useId();
  const formId = useId();
  const members = useQuery({
    queryKey: ['leaderboard', contest.id, 'manage'],
    queryFn: ({ signal }) => getLeaderboard(contest.id, 1, MEMBERS_SHOWN, signal),
  });
  const history = useAdjustments(contest.id);
  const adjust = useCashAdjustmentMutation();
  const reset = usePortfolioResetMutation();
  const [member, setMember] = useState('');
  const [direction, setDirection] = useState<Direction>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirmAll, setConfirmAll] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = adjust.isPending || reset.isPending;
  const memberName = (id: number) => {
    const line = members.data?.results.find((row) => row.contest_user === id);
    return line ? line.user.first_name || line.user.username : '';
  };

  const checked = (
    schema: typeof cashAdjustmentSchema | typeof portfolioResetSchema,
    body: object,
  ) => {
    const result = schema.safeParse(body);
    const found: Errors = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const field = String(issue.path[0]);
      const key = field === 'contest_user' ? 'member' : (field as keyof Errors);
      if (key === 'member' || key === 'amount' || key === 'reason') found[key] ??= issue.message;
    }
    return found;
  };

  const submitCash = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const cents = parseDollarsToCents(amount);
    const found: Errors = {};
    if (!member) found.member = t('manage.errors.member');
    if (cents === null || cents <= 0) found.amount = t('manage.errors.amount');
    const signed = direction === 'add' ? (cents ?? 0) : -(cents ?? 0);
    const body = { contest_user: Number(member), amount: signed, reason };
    const all = { ...checked(cashAdjustmentSchema, body), ...found };
    setErrors(all);
    if (Object.keys(all).length > 0) return;
    try {
      await adjust.mutateAsync({
        contestId: contest.id,
        contestUserId: Number(member),
        amountCents: signed,
        reason: reason.trim(),
      });
      notify(
        t(direction === 'add' ? 'manage.notify.added' : 'manage.notify.removed', {
          amount: format.cents(Math.abs(signed)),
          student: memberName(Number(member)),
        }),
        'success',
      );
      setAmount('');
      setReason('');
    } catch (error) {
      setFormError(errorText(error));
    }
  };

  const submitReset = async (everyone: boolean) => {
    setFormError(null);
    const body = everyone ? { all: true, reason } : { contest_user: Number(member), reason };
    const found: Errors = checked(portfolioResetSchema, body);
    if (!everyone && !member) found.member = t('manage.errors.member');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const done = await reset.mutateAsync({
        contestId: contest.id,
        contestUserId: everyone ? null : Number(member),
        reason: reason.trim(),
      });
      notify(
        everyone
          ? t('manage.notify.resetAll', { count: done.results.length })
          : t('manage.notify.resetOne', { student: memberName(Number(member)) }),
        'success',
      );
      setReason('');
      setConfirmAll(false);
    } catch (error) {
      setFormError(errorText(error));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('manage.dialogTitle', { contest: contest.name })}
      </DialogTitle>
      <DialogContent>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <form id={formId} noValidate onSubmit={(event) => void submitCash(event)}>
          <TextField
            select
            fullWidth
            margin="normal"
            label={t('manage.member')}
            value={member}
            onChange={(event) => setMember(event.target.value)}
            error={Boolean(errors.member)}
            helperText={errors.member}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('manage.chooseMember')}</option>
            {(members.data?.results ?? []).map((line) => (
              <option key={line.contest_user} value={String(line.contest_user)}>
                {line.user.first_name
                  ? `${line.user.first_name} (${line.user.username})`
                  : line.user.username}{' '}
                — {format.cents(line.value)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            margin="normal"
            label={t('manage.direction')}
            value={direction}
            onChange={(event) => setDirection(event.target.value as Direction)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="add">{t('manage.add')}</option>
            <option value="remove">{t('manage.remove')}</option>
          </TextField>
          <TextField
            fullWidth
            margin="normal"
            label={t('manage.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? t('manage.amountHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            fullWidth
            margin="normal"
            label={t('manage.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(errors.reason)}
            helperText={
              errors.reason ??
              t('manage.reasonHelp', { count: reason.length, max: ADJUSTMENT_REASON_MAX })
            }
            slotProps={{ htmlInput: { maxLength: ADJUSTMENT_REASON_MAX } }}
          />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('manage.adjust')}
            </Button>
            <Button
              variant="outlined"
              color="warning"
              disabled={busy}
              onClick={() => void submitReset(false)}
            >
              {t('manage.resetOne')}
            </Button>
          </div>
        </form>
        <h3>{t('manage.resetAllHeading')}</h3>
        <p>{t('manage.resetAllText')}</p>
        <FormControlLabel
          control={
            <Checkbox
              checked={confirmAll}
              onChange={(event) => setConfirmAll(event.target.checked)}
            />
          }
          label={t('manage.resetAllConfirm')}
        />
        <div>
          <Button
            variant="outlined"
            color="error"
            disabled={busy || !confirmAll}
            onClick={() => void submitReset(true)}
          >
            {t('manage.resetAll')}
          </Button>
        </div>
        <h3>{t('manage.history.heading')}</h3>
        {(history.data?.results.length ?? 0) === 0 ? (
          <p>{t('manage.history.empty')}</p>
        ) : (
          <ul data-testid="adjustment-history">
            {history.data!.results.map((line) => (
              <HistoryLine key={line.id} line={line} />
            ))}
          </ul>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('manage.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
