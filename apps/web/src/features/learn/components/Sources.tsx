import { useTranslation } from 'react-i18next';
import type { Source } from '@bullpen/contract/learn';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import styles from './Sources.module.css';

/** The sources a course or an article is based on, as outside links (static CSS, decision 020). */
export function Sources({ sources, headingId }: { sources: Source[]; headingId: string }) {
  const { t } = useTranslation('learn');
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.sources}>
      <h2 id={headingId} className={styles.title}>
        {t('sources.title')}
      </h2>
      <ul className={styles.list}>
        {sources.map((source) => (
          <li key={source.url} className={styles.item}>
            <a href={source.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
              {source.title}
              <span className={visuallyHiddenClass}>{t('sources.newTab')}</span>
            </a>
            {t('sources.publisher', { publisher: source.publisher })}
          </li>
        ))}
      </ul>
    </section>
  );
}
