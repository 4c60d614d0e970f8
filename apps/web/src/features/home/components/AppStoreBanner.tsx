import { ActionAnchor } from '@/components/ActionButton.tsx';
import { useAppstore } from '../api/appstore-api.ts';
import styles from './sections.module.css';

/** The real-trading app banner (spec section 1), for adults only; hidden when it cannot load. */
export function AppStoreBanner() {
  const { data } = useAppstore();
  if (!data) return null;
  return (
    <section aria-labelledby="appstore-title" className={styles.appstore}>
      <div className={styles.appstoreBox}>
        <div>
          <span className={styles.ageNotice}>{data.age_notice}</span>
          <h2 id="appstore-title" className={`${styles.title} ${styles.appstoreTitle}`}>
            {data.title}
          </h2>
          <p className={styles.appstoreText}>{data.description}</p>
        </div>
        <ActionAnchor
          href={data.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          size="large"
          className={styles.appstoreButton}
        >
          {data.button_text}
        </ActionAnchor>
      </div>
    </section>
  );
}
