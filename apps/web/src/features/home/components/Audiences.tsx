import { useTranslation } from 'react-i18next';
import { PathIcon } from '@/components/PathIcon.tsx';
import type { IconPaths } from '@/components/PathIcon.tsx';
import styles from './sections.module.css';

/**
 * Material Icons' EmojiEvents, School and AccountBalance (Apache License 2.0), as
 * `@mui/icons-material` ships them.
 */
const icons = {
  students: [
    'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z',
  ],
  teachers: ['M5 13.18v4L12 21l7-3.82v-4L12 17zM12 3 1 9l11 6 9-4.91V17h2V9z'],
  schools: ['M4 10v7h3v-7zm6 0v7h3v-7zM2 22h19v-3H2zm14-12v7h3v-7zm-4.5-9L2 6v2h19V6z'],
} as const satisfies Record<string, IconPaths>;

/**
 * Each audience's texts are `audiences.<key>` in the `home` catalogue, points in order. No
 * parents' column: Bullpen has no view for parents, and the home page claims only what it does.
 */
const audiences = ['students', 'teachers', 'schools'] as const;

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
