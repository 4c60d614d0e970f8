import { createElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { humanChallengeUrl } from '../api/support-api.ts';

/** The widget's texts (altcha's i18n keys), filled from our `support` catalogue. */
const STRING_KEYS = [
  'ariaLinkLabel',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

type AltchaGlobal = { i18n: { set: (language: string, strings: Record<string, string>) => void } };
type WidgetElement = HTMLElement & { reset: () => void };
type StateChange = CustomEvent<{ state: string; payload?: string }>;

/** The widget's code (about 100 kB) is loaded only where a visitor meets a form. */
let loading: Promise<unknown> | null = null;
const loadWidget = () => (loading ??= import('altcha'));

/**
 * The human check of the contact forms (docs/architecture.md section 6): a React wrapper around the
 * `altcha-widget` custom element. It fetches a challenge from our server when ticked, solves
 * it in Web Workers, and reports the payload (the spec's `g_recaptcha_token`) through
 * `onChange`, or '' when it is not (or no longer) verified.
 */
export function AltchaWidget({
  onChange,
  error,
  id,
}: {
  onChange: (payload: string) => void;
  error?: string;
  id: string;
}) {
  const { t, i18n } = useTranslation('support');
  const language = i18n.resolvedLanguage ?? 'en';
  const [ready, setReady] = useState(false);
  const widget = useRef<WidgetElement | null>(null);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    let live = true;
    void loadWidget().then(() => {
      const altcha = (globalThis as unknown as { $altcha?: AltchaGlobal }).$altcha;
      altcha?.i18n.set(
        language,
        Object.fromEntries(STRING_KEYS.map((key) => [key, t(`altcha.${key}`)])),
      );
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [language, t]);

  useEffect(() => {
    const element = widget.current;
    if (!ready || !element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      report.current(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [ready]);

  const hintId = `${id}-hint`;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }} aria-describedby={hintId}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('form.humanCheck')}
      </Typography>
      {ready ? (
        createElement('altcha-widget', {
          id,
          ref: widget,
          key: language,
          challenge: humanChallengeUrl,
          language,
          name: 'altcha',
          style: { '--altcha-max-width': '100%' },
        })
      ) : (
        <Skeleton variant="rounded" height={74} aria-hidden />
      )}
      <FormHelperText id={hintId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? t('form.humanCheckHint')}
      </FormHelperText>
    </Box>
  );
}
