import { useTranslation } from 'react-i18next';
import { HOME_PATH, publicPaths } from '@bullpen/contract/routes';
import { ActionLink } from '@/components/ActionButton.tsx';
import { HeroIllustration } from './HeroIllustration.tsx';
import styles from './Hero.module.css';

/** The home page's first screen; static components (decision 020, Hero.module.css). */
export function Hero({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-title" className={styles.hero}>
      <div className={styles.inner}>
        <div>
          <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="home-title" className={styles.title}>
            {t('hero.title')}
          </h1>
          <p className={styles.lead}>{t('hero.lead')}</p>
          <div className={styles.actions}>
            {signedIn ? (
              <>
                <ActionLink
                  to="/learn-and-earn?widget_type=learn_and_earn"
                  variant="contained"
                  size="large"
                  className={styles.light}
                >
                  {t('hero.startLearning')}
                </ActionLink>
                {/* Their home lists their class contests too (a class contest is private). */}
                <ActionLink
                  to={HOME_PATH}
                  variant="outlined"
                  size="large"
                  className={styles.onDark}
                >
                  {t('hero.myHome')}
                </ActionLink>
              </>
            ) : (
              <>
                <ActionLink
                  to={publicPaths.signup}
                  variant="contained"
                  size="large"
                  className={styles.light}
                >
                  {t('hero.createAccount')}
                </ActionLink>
                <ActionLink
                  to={publicPaths.signupTeacher}
                  variant="outlined"
                  size="large"
                  className={styles.onDark}
                >
                  {t('hero.teacher')}
                </ActionLink>
              </>
            )}
          </div>
        </div>
        <div className={styles.art}>
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
