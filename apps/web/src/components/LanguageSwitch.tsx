import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '@/lib/i18n-languages.ts';
import { useLanguageChoice } from '@/lib/use-language-choice.ts';
import styles from './LanguageSwitch.module.css';

/**
 * "Language: English | Español", each name in its own language (and marked so, for screen
 * readers). Two toggle buttons in a labelled group: Tab reaches them, Enter or Space picks.
 * Static CSS (LanguageSwitch.module.css): the footer of every page has it.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={tone === 'dark' ? `${styles.group} ${styles.dark}` : styles.group}
    >
      <span id={labelId} className={styles.label}>
        {t('language.label')}
      </span>
      <div className={styles.choices}>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={code === language ? 'true' : 'false'}
            onClick={() => void choose(code)}
            className={styles.choice}
          >
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </div>
    </div>
  );
}
