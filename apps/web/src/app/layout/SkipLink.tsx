import { useTranslation } from 'react-i18next';
import styles from './AppLayout.module.css';

/** The first focusable element: jumps past the header to the page content. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${targetId}`}
      className={styles.skipLink}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
