import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { LANGUAGES, LANGUAGE_NAMES } from '@/lib/i18n-languages.ts';
import { useLanguageChoice } from '@/lib/use-language-choice.ts';

/**
 * "Language: English | Español", each name in its own language (and marked so, for screen
 * readers). Two toggle buttons in a labelled group: Tab reaches them, Enter or Space picks.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  const labelId = useId();
  const dark = tone === 'dark';
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
    >
      <Box component="span" id={labelId} sx={{ fontWeight: 700 }}>
        {t('language.label')}
      </Box>
      <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
        {LANGUAGES.map((code) => {
          const selected = code === language;
          return (
            <ButtonBase
              key={code}
              lang={code}
              aria-pressed={selected ? 'true' : 'false'}
              onClick={() => void choose(code)}
              sx={{
                minHeight: 36,
                px: 1.5,
                borderRadius: 999,
                font: 'inherit',
                fontWeight: selected ? 700 : 400,
                border: '1px solid',
                borderColor: dark ? 'rgba(255,255,255,0.6)' : 'divider',
                color: selected
                  ? dark
                    ? '#0b2545'
                    : '#ffffff'
                  : dark
                    ? '#ffffff'
                    : 'text.primary',
                bgcolor: selected ? (dark ? '#ffffff' : 'primary.main') : 'transparent',
                '&:hover': { borderColor: dark ? '#ffffff' : 'primary.main' },
              }}
            >
              {LANGUAGE_NAMES[code]}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
