import { useMemo, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { messages } from '@bullpen/contract/messages';
import {
  POSITIONS,
  requiredTicketFields,
  ticketSchema,
  type TicketKind,
} from '@bullpen/contract/support';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { PhoneField } from '@/components/form/PhoneField.tsx';
import { RadioGroupField } from '@/components/form/RadioGroupField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { ApiError } from '@/lib/api-client.ts';
import { hasEmail } from '@bullpen/contract/user-email';
import { useSession } from '@/lib/session.tsx';
import type { MessageSource } from '@/lib/translate-message.ts';
import { useSendTicket } from '../api/support-api.ts';
import { AltchaWidget } from './AltchaWidget.tsx';

const messageSources: readonly MessageSource[] = ['support:messages'];

/** Which optional fields each form shows (spec section 3's payload; phone is ours). */
const formFields: Record<
  TicketKind,
  { phone: boolean; position: boolean; school: boolean; participation: boolean }
> = {
  support: { phone: false, position: true, school: true, participation: false },
  contact_sales: { phone: true, position: true, school: true, participation: false },
  school_event: { phone: true, position: true, school: true, participation: true },
};

const emptyValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  position: '',
  school_name: '',
  description: '',
  anticipated_teacher_participation: '',
  anticipated_student_participation: '',
  g_recaptcha_token: '',
};

/** Spec section 8: a contact form shows any text about an unknown error as the spec's sentence. */
function contactFormError(error: unknown): unknown {
  if (error instanceof ApiError && /unknown error/i.test(error.message)) {
    return new ApiError(error.status, error.body, messages.unknownError);
  }
  return error;
}

/** Leaves out what the form did not fill: the server reads absent and blank alike. */
function bodyOf(values: Record<string, unknown>, language: string): Record<string, unknown> {
  const body: Record<string, unknown> = { language };
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') body[key] = value;
  }
  return body;
}

/** The loading overlay of spec section 4, over the form while it is sent. */
function SendingOverlay({ label }: { label: string }) {
  const { isSubmitting } = useFormState();
  if (!isSubmitting) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(255, 255, 255, 0.75)',
        zIndex: 2,
        borderRadius: 1,
      }}
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
        <CircularProgress aria-hidden="true" />
        <Typography>{label}</Typography>
      </Box>
    </Box>
  );
}

/**
 * One of the three ticket forms (support, contact sales, schedule an event), with the rules of
 * spec section 5 from the contract: a visitor fills in name and email and passes the human
 * check; a signed-in user does neither. States of spec section 4: an overlay while sending,
 * then a thank-you with Close (which resets the form), or the error text.
 */
export function TicketForm({ kind, onClose }: { kind: TicketKind; onClose?: () => void }) {
  const { t, i18n } = useTranslation('support');
  const { user } = useSession();
  const audience = user ? 'member' : 'guest';
  // No address to answer at: the message also goes to the teacher who made the account.
  const withoutEmail = user !== null && !hasEmail(user);
  const schema = useMemo(() => ticketSchema(kind, audience), [kind, audience]);
  const required = new Set<string>(requiredTicketFields[kind][audience]);
  const fields = formFields[kind];
  const send = useSendTicket(kind);
  const [sent, setSent] = useState(false);
  // A new widget after each try: a solution is good for one ticket only.
  const [widgetRound, setWidgetRound] = useState(0);
  const form = useZodForm(schema, {
    defaultValues: emptyValues as never,
    messages: messageSources,
    mode: 'onTouched',
  });
  const token = form.watch('g_recaptcha_token') as string | undefined;
  const tokenError = form.formState.errors.g_recaptcha_token?.message;

  const onSubmit = form.submit(async (values) => {
    try {
      await send.mutateAsync(
        bodyOf(values as Record<string, unknown>, i18n.resolvedLanguage ?? 'en'),
      );
      setSent(true);
    } catch (error) {
      if (!user) {
        form.setValue('g_recaptcha_token' as never, '' as never);
        setWidgetRound((round) => round + 1);
      }
      throw contactFormError(error);
    }
  });

  const close = () => {
    form.reset(emptyValues as never);
    setSent(false);
    setWidgetRound((round) => round + 1);
    onClose?.();
  };

  if (sent) {
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" onClick={close} autoFocus>
            {t('form.close')}
          </Button>
        }
        sx={{ alignItems: 'center' }}
      >
        <AlertTitle>{t('form.thanksTitle')}</AlertTitle>
        {withoutEmail ? t('form.thanksWithoutEmail') : t(`form.thanks.${kind}`)}
      </Alert>
    );
  }

  const label = (key: string, optionalKey: string | null, field: string) =>
    required.has(field) || !optionalKey ? t(key as never) : t(optionalKey as never);

  return (
    <Box sx={{ position: 'relative' }}>
      <Form form={form} onSubmit={onSubmit} aria-label={t(`inbox.kinds.${kind}`)}>
        <SendingOverlay label={t('form.sending')} />
        <FormAlert />
        {user ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {withoutEmail
              ? t('form.signedInWithoutEmail', {
                  name: `${user.first_name} ${user.last_name}`.trim() || user.username,
                })
              : t('form.signedInAs', {
                  name: `${user.first_name} ${user.last_name}`.trim() || user.username,
                  email: user.email,
                })}
          </Typography>
        ) : (
          <>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                columnGap: 2,
              }}
            >
              <TextField
                name="first_name"
                label={t('form.firstName')}
                autoComplete="given-name"
                margin="normal"
              />
              <TextField
                name="last_name"
                label={t('form.lastName')}
                autoComplete="family-name"
                margin="normal"
              />
            </Box>
            <TextField
              name="email"
              label={t('form.email')}
              type="email"
              autoComplete="email"
              fullWidth
              margin="normal"
            />
          </>
        )}
        {fields.phone && (
          <PhoneField
            name="phone"
            label={t('form.phone')}
            required={false}
            fullWidth
            margin="normal"
          />
        )}
        {fields.position && (
          <RadioGroupField
            name="position"
            legend={label('form.position', 'form.positionOptional', 'position')}
            options={POSITIONS.map((value) => ({ value, label: t(`form.positions.${value}`) }))}
          />
        )}
        {fields.school && (
          <TextField
            name="school_name"
            label={label('form.schoolName', 'form.schoolNameOptional', 'school_name')}
            required={required.has('school_name')}
            autoComplete="organization"
            fullWidth
            margin="normal"
          />
        )}
        {fields.participation && (
          <>
            <TextField
              name="anticipated_teacher_participation"
              label={t('form.teachers')}
              required={false}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              name="anticipated_student_participation"
              label={t('form.students')}
              required={false}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </>
        )}
        <TextField
          name="description"
          label={t(
            kind === 'school_event'
              ? 'form.descriptionEvent'
              : kind === 'contact_sales'
                ? 'form.descriptionSales'
                : 'form.description',
          )}
          multiline
          minRows={4}
          fullWidth
          margin="normal"
        />
        {!user && (
          <AltchaWidget
            key={widgetRound}
            id={`altcha-${kind}`}
            error={tokenError ? String(tokenError) : undefined}
            onChange={(payload) =>
              form.setValue('g_recaptcha_token' as never, payload as never, {
                shouldValidate: true,
              })
            }
          />
        )}
        <SubmitButton
          label={t('form.submit')}
          busyLabel={t('form.submitting')}
          disableWhileIncomplete
          disabled={!user && !token}
        />
      </Form>
    </Box>
  );
}
