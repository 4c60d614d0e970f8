import { useTranslation } from 'react-i18next';
import styles from './sections.module.css';

/** In order; each is `howItWorks.steps.<step>` in the `home` catalogue. */
const steps = ['signup', 'join', 'trade', 'reflect'] as const;

export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="how-title" className={styles.how}>
      <div className={styles.inner}>
        <h2 id="how-title" className={`${styles.title} ${styles.howTitle}`}>
          {t('howItWorks.title')}
        </h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step} className={styles.step}>
              <div aria-hidden="true" className={styles.stepNumber}>
                {index + 1}
              </div>
              <div>
                <h3 className={`${styles.h3} ${styles.stepTitle}`}>
                  {t(`howItWorks.steps.${step}.title`)}
                </h3>
                <p className={styles.secondary}>{t(`howItWorks.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
