import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The fields' slot props: a dollar sign, and the keyboard a phone shows. */
export const dollars = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
};
export const decimal = { htmlInput: { inputMode: 'decimal' } };
export const whole = { htmlInput: { inputMode: 'numeric' } };

/** A calculator's heading level: h2 on /tools, h3 inside a lesson's reading. */
export type HeadingLevel = 2 | 3;

export interface CalculatorProps {
  headingLevel?: HeadingLevel;
  /** The id that /tools#<name> scrolls to (only one calculator of a name per page has it). */
  anchorId?: string;
}

/**
 * A calculator's frame: a section named by its heading, in the reader's language (inside a
 * lesson it sits in English reading, so it says its own `lang`).
 */
export function CalculatorSection({
  headingLevel = 2,
  anchorId,
  title,
  lead,
  note,
  children,
}: CalculatorProps & { title: string; lead: string; note: string; children: ReactNode }) {
  const { i18n } = useTranslation();
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      id={anchorId}
      aria-labelledby={headingId}
      lang={i18n.language}
      sx={{ p: { xs: 2, sm: 3 }, my: 3, scrollMarginTop: 80, maxWidth: 760 }}
    >
      <Typography
        component={`h${headingLevel}`}
        id={headingId}
        sx={{ fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3, mt: 0, mb: 0.5 }}
      >
        {title}
      </Typography>
      <Typography component="div" sx={{ color: 'text.secondary', mb: 2 }}>
        {lead}
      </Typography>
      {children}
      <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {note}
      </Typography>
    </Paper>
  );
}

/** The inputs, two to a row from the small breakpoint, one on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        '& fieldset': { gridColumn: '1 / -1' },
      }}
    >
      {children}
    </Box>
  );
}

export interface Figure {
  label: string;
  value: string;
  /** The figure the calculator is for, shown larger. */
  main?: boolean;
}

/**
 * The result, read out as it changes (a polite live region, announced whole): the figures as a
 * list of terms and values, or a sentence (the inputs to fix, a debt never paid off).
 */
export function ResultRegion({
  figures,
  message,
  children,
}: {
  figures?: readonly Figure[];
  message?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('tools');
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-atomic="true"
      sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: '#f3f6fb' }}
    >
      <Typography component="div" sx={{ fontWeight: 700, mb: 1 }}>
        {t('result')}
      </Typography>
      {message !== undefined && <Typography component="div">{message}</Typography>}
      {figures && figures.length > 0 && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            columnGap: 2,
            rowGap: 0.75,
            alignItems: 'baseline',
            m: 0,
            '& dt, & dd': { m: 0 },
            '& dd': {
              textAlign: 'right',
              fontVariantNumeric: 'tabular-nums',
              fontWeight: 600,
              overflowWrap: 'anywhere',
            },
          }}
        >
          {figures.map((figure) => (
            <Box key={figure.label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={figure.main ? { fontWeight: 700 } : undefined}>
                {figure.label}
              </Box>
              <Box
                component="dd"
                sx={figure.main ? { fontSize: '1.375rem', fontWeight: 800 } : undefined}
              >
                {figure.value}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {children}
    </Box>
  );
}
