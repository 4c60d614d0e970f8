import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import {
  createContestSchemaAt,
  type createContestSchema,
  type CreateContestInput,
} from '@bullpen/contract/contests';
import { parseDollarsToCents } from '@bullpen/contract/money';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { i18n } from '@/lib/i18n.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useCreateContestMutation } from '../api/contests-api.ts';
import { contestPaths } from '../api/paths.ts';
import {
  emptyRulesForm,
  RULES_FORM_FIELDS,
  rulesBodyFrom,
  serverRuleField,
  type RulesForm,
} from './trading-rules-form.ts';
import { TradingRulesFields, type RulesErrors } from './TradingRulesFields.tsx';

/** What the form holds: dollars and local date-times, as typed. */
interface FormValues {
  name: string;
  description: string;
  visibility: 'public' | 'private';
  starts_at: string;
  ends_at: string;
  starting_cash: string;
  commission: string;
  after_hours: 'queue' | 'refuse';
  coach: boolean;
  /** The "Trading rules" section (TradingRulesFields). */
  rules: RulesForm;
}
type Body = z.output<typeof createContestSchema>;
type FieldName = Exclude<keyof FormValues, 'rules'>;
type RuleName = keyof RulesForm;

/** A message's field: one of the form's own, one of the rules section's, or none. */
function placeOf(field: string): { field: FieldName } | { rule: RuleName } | null {
  const rule = serverRuleField[field] ?? field;
  if ((RULES_FORM_FIELDS as readonly string[]).includes(rule)) return { rule: rule as RuleName };
  if ((fields as readonly string[]).includes(field)) return { field: field as FieldName };
  return null;
}

/**
 * The form's values as the API's body (cents, ISO instants), with the fields that could not
 * be read at all. A field that could not be read gets a neutral placeholder, and the
 * contract's messages about that placeholder are not shown.
 */
function toBody(form: FormValues): {
  body: CreateContestInput;
  unreadable: Map<FieldName | RuleName, string>;
} {
  const unreadable = new Map<FieldName | RuleName, string>();
  const cents = (field: 'starting_cash' | 'commission') => {
    const value =
      form[field].trim() === '' && field === 'commission' ? 0 : parseDollarsToCents(form[field]);
    if (value === null) unreadable.set(field, i18n.t('contests:create.errors.dollars'));
    return value ?? 0;
  };
  const instant = (field: 'starts_at' | 'ends_at') => {
    const time = Date.parse(form[field]);
    if (Number.isNaN(time)) {
      unreadable.set(field, i18n.t('contests:create.errors.dateTime'));
      return '';
    }
    return new Date(time).toISOString();
  };
  const rules = rulesBodyFrom(form.rules);
  for (const [field, reason] of Object.entries(rules.unreadable)) {
    unreadable.set(field as RuleName, i18n.t(`contest-rules:rulesForm.errors.${reason}`));
  }
  return {
    body: {
      name: form.name,
      description: form.description,
      visibility: form.visibility,
      starts_at: instant('starts_at'),
      ends_at: instant('ends_at'),
      starting_cash: cents('starting_cash'),
      commission: cents('commission'),
      after_hours: form.after_hours,
      coach: form.coach,
      ...rules.body,
    },
    unreadable,
  };
}

/**
 * Checks the whole form at once with the contract's schema (the server's messages) and shows
 * every invalid field together, each with all of its messages joined with a space (spec
 * section 5), rather than one problem at a time.
 */
const resolver: Resolver<FormValues, unknown, Body> = (values) => {
  const { body, unreadable } = toBody(values);
  const result = createContestSchemaAt(() => new Date()).safeParse(body);
  if (result.success && unreadable.size === 0) return { values: result.data, errors: {} };
  const messages = new Map<string, string[]>();
  for (const [field, message] of unreadable) messages.set(field, [message]);
  for (const issue of result.success ? [] : result.error.issues) {
    const raw = String(issue.path[0] ?? 'root');
    const field = serverRuleField[raw] ?? raw;
    if (unreadable.has(field as FieldName)) continue;
    const list = messages.get(field) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    messages.set(field, list);
  }
  const errors: FieldErrors<FormValues> = {};
  const ruleErrors: Record<string, { type: string; message: string }> = {};
  for (const [field, list] of messages) {
    const error = { type: 'validation', message: list.join(' ') };
    const place = placeOf(field);
    if (place && 'rule' in place) ruleErrors[place.rule] = error;
    else if (place) errors[place.field] = error;
    else errors.root = error;
  }
  if (Object.keys(ruleErrors).length > 0)
    errors.rules = ruleErrors as FieldErrors<FormValues>['rules'];
  return { values: {}, errors };
};

const fields = [
  'name',
  'description',
  'visibility',
  'starts_at',
  'ends_at',
  'starting_cash',
  'commission',
  'after_hours',
  'coach',
] as const;

/** A `datetime-local` value ("2026-03-04T09:30") for a moment, in the user's zone. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

function defaultValues(): FormValues {
  const now = new Date();
  const end = new Date(now.getTime() + 30 * 86_400_000);
  return {
    name: '',
    description: '',
    visibility: 'private',
    starts_at: localInputValue(now),
    ends_at: localInputValue(end),
    starting_cash: '100,000',
    commission: '0',
    after_hours: 'queue',
    coach: true,
    rules: emptyRulesForm(),
  };
}

export function CreateContestForm() {
  const { t } = useTranslation('contests');
  const navigate = useNavigate();
  const notify = useNotify();
  const mutation = useCreateContestMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, Body>({
    resolver,
    defaultValues: defaultValues(),
  });

  const field = (name: (typeof fields)[number]) => {
    const { ref, ...rest } = register(name);
    const message = errors[name]?.message;
    return {
      ...rest,
      id: `contest-${name}`,
      inputRef: ref,
      error: Boolean(message),
      helperText: typeof message === 'string' ? message : undefined,
    };
  };

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const contest = await mutation.mutateAsync(body);
      notify(t('create.ready', { contest: contest.name }), 'success');
      navigate(contestPaths.contest(contest.id));
    } catch (error) {
      const ruleSetters = Object.fromEntries(
        [...RULES_FORM_FIELDS, ...Object.keys(serverRuleField)].map((field) => [
          field,
          (message: string) =>
            setError(`rules.${serverRuleField[field] ?? (field as RuleName)}`, {
              type: 'server',
              message,
            }),
        ]),
      );
      setFormError(applyServerErrors(error, fields, setError, ruleSetters));
    }
  });

  const radioGroup = (
    name: 'visibility' | 'after_hours',
    label: string,
    options: { value: string; label: string }[],
    help: string,
  ) => (
    <FormControl component="fieldset" margin="normal" error={Boolean(errors[name])}>
      <FormLabel component="legend">{label}</FormLabel>
      <Controller
        control={control}
        name={name}
        render={({ field: radio }) => (
          <RadioGroup {...radio} row>
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        )}
      />
      <FormHelperText>{errors[name]?.message ?? help}</FormHelperText>
    </FormControl>
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 720 }}>
      {(formError ?? errors.root?.message) && (
        <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
          {formError ?? errors.root?.message}
        </Alert>
      )}
      <TextField {...field('name')} label={t('create.name')} required />
      <TextField {...field('description')} label={t('create.description')} multiline minRows={2} />
      {radioGroup(
        'visibility',
        t('create.whoCanJoin'),
        [
          { value: 'private', label: t('visibility.private') },
          { value: 'public', label: t('visibility.public') },
        ],
        t('create.visibilityHelp'),
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        <TextField
          {...field('starts_at')}
          label={t('create.starts')}
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...field('ends_at')}
          label={t('create.ends')}
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...field('starting_cash')}
          label={t('create.startingCash')}
          required
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        <TextField
          {...field('commission')}
          label={t('create.commission')}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
      </Box>
      {radioGroup(
        'after_hours',
        t('create.afterHours'),
        [
          { value: 'queue', label: t('create.queue') },
          { value: 'refuse', label: t('create.refuse') },
        ],
        t('create.afterHoursHelp'),
      )}
      <FormControl margin="normal" error={Boolean(errors.coach)}>
        <Controller
          control={control}
          name="coach"
          render={({ field: { value, onChange, onBlur, name, ref } }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={value}
                  onChange={(event) => onChange(event.target.checked)}
                  onBlur={onBlur}
                  name={name}
                  slotProps={{ input: { ref, 'aria-describedby': 'contest-coach-help' } }}
                />
              }
              label={t('create.coach')}
            />
          )}
        />
        <FormHelperText id="contest-coach-help">
          {errors.coach?.message ?? t('create.coachHelp')}
        </FormHelperText>
      </FormControl>
      <Controller
        control={control}
        name="rules"
        render={({ field: rules }) => (
          <TradingRulesFields
            idPrefix="contest"
            value={rules.value}
            onChange={rules.onChange}
            errors={
              Object.fromEntries(
                RULES_FORM_FIELDS.map((name) => [name, errors.rules?.[name]?.message]),
              ) as RulesErrors
            }
          />
        )}
      />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? t('create.submitting') : t('create.submit')}
        </Button>
      </Box>
    </Box>
  );
}
