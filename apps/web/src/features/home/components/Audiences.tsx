import { useTranslation } from 'react-i18next';
import { PathIcon } from '@/components/PathIcon.tsx';
import type { IconPaths } from '@/components/PathIcon.tsx';
import styles from './sections.module.css';

/**
 * Material Icons' EmojiEvents, School and FamilyRestroom (Apache License 2.0), as
 * `@mui/icons-material` ships them.
 */
const icons = {
  students: [
    'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z',
  ],
  teachers: ['M5 13.18v4L12 21l7-3.82v-4L12 17zM12 3 1 9l11 6 9-4.91V17h2V9z'],
  parents: [
    'M16 4c0-1.11.89-2 2-2s2 .89 2 2-.89 2-2 2-2-.89-2-2m4 18v-6h2.5l-2.54-7.63C19.68 7.55 18.92 7 18.06 7h-.12c-.86 0-1.63.55-1.9 1.37l-.86 2.58c1.08.6 1.82 1.73 1.82 3.05v8zm-7.5-10.5c.83 0 1.5-.67 1.5-1.5s-.67-1.5-1.5-1.5S11 9.17 11 10s.67 1.5 1.5 1.5M5.5 6c1.11 0 2-.89 2-2s-.89-2-2-2-2 .89-2 2 .89 2 2 2m2 16v-7H9V9c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v6h1.5v7zm6.5 0v-4h1v-4c0-.82-.68-1.5-1.5-1.5h-2c-.82 0-1.5.68-1.5 1.5v4h1v4z',
  ],
} as const satisfies Record<string, IconPaths>;

/** Each audience's texts are `audiences.<key>` in the `home` catalogue, points in order. */
const audiences = ['students', 'teachers', 'parents'] as const;

export function Audiences() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="audiences-title" className={styles.section}>
      <div className={styles.inner}>
        <h2 id="audiences-title" className={styles.title}>
          {t('audiences.title')}
        </h2>
        <p className={styles.audiencesLead}>{t('audiences.lead')}</p>
        <div className={styles.audiences}>
          {audiences.map((key) => (
            <div key={key} className={styles.audience}>
              <div aria-hidden="true" className={styles.audienceIcon}>
                <PathIcon paths={icons[key]} />
              </div>
              <h3 className={`${styles.h3} ${styles.audienceTitle}`}>
                {t(`audiences.${key}.title`)}
              </h3>
              <p className={`${styles.secondary} ${styles.audienceLead}`}>
                {t(`audiences.${key}.lead`)}
              </p>
              <ul className={styles.points}>
                {Object.values(t(`audiences.${key}.points`, { returnObjects: true })).map(
                  (point) => (
                    <li key={point}>
                      <p className={styles.text}>{point}</p>
                    </li>
                  ),
                )}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
