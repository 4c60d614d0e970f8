import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Classroom } from '@bullpen/contract/classrooms';
import type { Contest } from '@bullpen/contract/contests';
import { parseDollarsToCents } from '@bullpen/contract/money';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  useClassroomContests,
  useStartClassroomContest,
  useSwitchClassroomTrading,
} from '../../api/classroom-contests-api.ts';

/** The contest page (spec section 2: /contest/{id}); the contests feature owns that page. */
const contestPage = (id: number) => `/contest/${id}`;

const DAY = 86_400_000;
const MIN_CASH_CENTS = 10_000;
const MAX_CASH_CENTS = 1_000_000_000;

/** A `datetime-local` value in the reader's zone. */
function localDateTime(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

type Field = 'name' | 'starts_at' | 'ends_at' | 'starting_cash';

/** The teacher starts a contest for the class: every student is in it at once. */
function StartContestForm({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'contests']);
  const notify = useNotify();
  const start = useStartClassroomContest(classroom.id);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: '',
    starts_at: localDateTime(new Date()),
    ends_at: localDateTime(new Date(Date.now() + 30 * DAY)),
    starting_cash: '100000',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((old) => ({ ...old, [field]: event.target.value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const name = values.name.trim();
    if (name.length < 3 || name.length > 80) found.name = t('classContests.errors.name');
    const startsAt = Date.parse(values.starts_at);
    const endsAt = Date.parse(values.ends_at);
    if (Number.isNaN(startsAt)) found.starts_at = t('classContests.errors.dateTime');
    if (Number.isNaN(endsAt)) found.ends_at = t('classContests.errors.dateTime');
    else if (endsAt <= Date.now()) found.ends_at = t('classContests.errors.endInPast');
    else if (!Number.isNaN(startsAt) && endsAt <= startsAt) {
      found.ends_at = t('classContests.errors.endBeforeStart');
    }
    const cash = parseDollarsToCents(values.starting_cash);
    if (cash === null || cash < MIN_CASH_CENTS || cash > MAX_CASH_CENTS) {
      found.starting_cash = t('classContests.errors.cash');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await start.mutateAsync({
        name,
        starts_at: new Date(startsAt).toISOString(),
        ends_at: new Date(endsAt).toISOString(),
        starting_cash: cash!,
      });
      notify(t('classContests.started', { name }), 'success');
      setValues((old) => ({ ...old, name: '' }));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const known = Object.keys(fields).filter((field) => field in values);
      if (known.length > 0) {
        setErrors(Object.fromEntries(known.map((field) => [field, fields[field]!.join(' ')])));
      } else {
        setFormError(errorText(error));
      }
    }
  };

  const field = (name: Field) => ({
    id: `classroom-contest-${name}`,
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('classContests.startTitle')}>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('name')}
          label={t('classContests.name')}
          required
          autoComplete="off"
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          {...field('starts_at')}
          label={t('classContests.startsAt')}
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...field('ends_at')}
          label={t('classContests.endsAt')}
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...field('starting_cash')}
          label={t('classContests.startingCash')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          helperText={errors.starting_cash ?? t('classContests.startingCashHint')}
        />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={start.isPending}>
        {start.isPending ? t('classContests.starting') : t('classContests.start')}
      </Button>
    </Box>
  );
}

/** The class's trading switch: while off, orders in the class's contests are refused. */
function TradingSwitch({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'contests']);
  const notify = useNotify();
  const hintId = useId();
  const flip = useSwitchClassroomTrading(classroom.id);
  const enabled = classroom.trading_enabled;
  const change = async (next: boolean) => {
    try {
      await flip.mutateAsync(next);
      notify(
        next ? t('classContests.tradingTurnedOn') : t('classContests.tradingTurnedOff'),
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            disabled={flip.isPending}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={enabled ? t('classContests.tradingOn') : t('classContests.tradingOff')}
      />
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
        {t('classContests.tradingHint')}
      </Typography>
    </Box>
  );
}

function ContestItem({ contest }: { contest: Contest }) {
  const { t } = useTranslation(['classrooms', 'contests']);
  const format = useFormatters();
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Link
          component={RouterLink}
          to={contestPage(contest.id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {contest.name}
        </Link>
        <Chip size="small" label={t(`status.${contest.status}`, { ns: 'contests' })} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('classContests.dates', {
          start: format.dateTime(contest.starts_at),
          end: format.dateTime(contest.ends_at),
        })}{' '}
        · {t('classContests.members', { count: contest.members_count })}
      </Typography>
    </Box>
  );
}

/**
 * The class's contests: the teacher starts one (every student is a member, no join code) and
 * turns trading on or off for the class; students find the class's contests here.
 */
export function ClassroomContests({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'contests']);
  const headingId = useId();
  const listHeadingId = useId();
  const contests = useClassroomContests(classroom.id);
  const teacher = classroom.role === 'teacher';
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
          {t('classContests.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {teacher ? t('classContests.introTeacher') : t('classContests.introStudent')}
        </Typography>
      </Box>
      {!teacher && !classroom.trading_enabled && (
        <Alert severity="warning">{t('serverMessages.classTradingOff', { ns: 'contests' })}</Alert>
      )}
      {teacher && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('classContests.tradingTitle')}
          </Typography>
          <TradingSwitch classroom={classroom} />
        </Paper>
      )}
      <Box component="section" aria-labelledby={listHeadingId}>
        <Typography id={listHeadingId} variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('classContests.listTitle')}
        </Typography>
        {contests.isPending ? (
          <CircularProgress aria-label={t('classContests.loading')} />
        ) : contests.isError ? (
          <Alert severity="error">{t('classContests.loadError')}</Alert>
        ) : contests.data.results.length === 0 ? (
          <Typography>
            {teacher ? t('classContests.emptyTeacher') : t('classContests.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {contests.data.results.map((contest) => (
              <ContestItem key={contest.id} contest={contest} />
            ))}
          </Box>
        )}
      </Box>
      {teacher && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('classContests.startTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('classContests.startIntro')}
          </Typography>
          <StartContestForm classroom={classroom} />
        </Paper>
      )}
    </Box>
  );
}
