import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { LANGUAGES, LANGUAGE_NAMES } from '@/lib/i18n-languages.ts';
import { useLanguageChoice } from '@/lib/use-language-choice.ts';

/**
 * The language choice of `LanguageSwitch` inside a menu (the profile menu, which loads it on its
 * first open): a labelled set of radio menu items.
 */
export function LanguageMenuItems({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  const labelId = useId();
  // A menu holds only menu items, so the heading is presentational and describes each item.
  return [
    <ListSubheader
      key="label"
      id={labelId}
      role="presentation"
      sx={{ lineHeight: 2.5, fontWeight: 700 }}
    >
      {t('language.label')}
    </ListSubheader>,
    ...LANGUAGES.map((code) => (
      <MenuItem
        key={code}
        role="menuitemradio"
        aria-checked={code === language ? 'true' : 'false'}
        aria-describedby={labelId}
        lang={code}
        onClick={() => {
          onChosen?.();
          void choose(code);
        }}
        sx={{ gap: 1 }}
      >
        <CheckIcon
          fontSize="small"
          aria-hidden="true"
          sx={{ visibility: code === language ? 'visible' : 'hidden' }}
        />
        {LANGUAGE_NAMES[code]}
      </MenuItem>
    )),
  ];
}
