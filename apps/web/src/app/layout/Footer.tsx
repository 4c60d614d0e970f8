import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { publicPaths, toolsPaths } from '@bullpen/contract/routes';
import { LanguageSwitch } from '@/components/LanguageSwitch.tsx';
import { PathIcon } from '@/components/PathIcon.tsx';
import type { IconPaths } from '@/components/PathIcon.tsx';
import type { LegalDocumentKind } from './LegalDialog.tsx';
import { LogoMark } from './Logo.tsx';
import { learnAndEarnPath } from './menu-items.ts';
import styles from './Footer.module.css';

const LegalDialog = lazy(() => import('./LegalDialog.tsx'));

const footerLinks = [
  { labelKey: 'footer.support', to: publicPaths.support },
  { labelKey: 'footer.contactUs', to: publicPaths.contactUs },
  { labelKey: 'footer.accessibility', to: publicPaths.accessibility },
  { labelKey: 'menu.createContest', to: '/create' },
  { labelKey: 'menu.joinContest', to: '/join' },
  { labelKey: 'menu.learnAndEarn', to: learnAndEarnPath },
  { labelKey: 'menu.calculators', to: toolsPaths.tools },
  { labelKey: 'footer.myContests', to: '/my-contests' },
] as const;

/** The networks' marks: Material Icons' paths (Apache License 2.0), as `@mui/icons-material` ships them. */
const socialLinks = [
  {
    network: 'Facebook',
    href: 'https://www.facebook.com/',
    icon: [
      'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z',
    ],
  },
  {
    network: 'Instagram',
    href: 'https://www.instagram.com/',
    icon: [
      'M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4H7.6m9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3z',
    ],
  },
  {
    network: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    icon: [
      'M19 3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14m-.5 15.5v-5.3a3.26 3.26 0 0 0-3.26-3.26c-.85 0-1.84.52-2.32 1.3v-1.11h-2.79v8.37h2.79v-4.93c0-.77.62-1.4 1.39-1.4a1.4 1.4 0 0 1 1.4 1.4v4.93h2.79M6.88 8.56a1.68 1.68 0 0 0 1.68-1.68c0-.93-.75-1.69-1.68-1.69a1.69 1.69 0 0 0-1.69 1.69c0 .93.76 1.68 1.69 1.68m1.39 9.94v-8.37H5.5v8.37h2.77z',
    ],
  },
  {
    network: 'YouTube',
    href: 'https://www.youtube.com/',
    icon: [
      'M10 15l5.19-3L10 9v6m11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73z',
    ],
  },
] as const satisfies readonly { network: string; href: string; icon: IconPaths }[];

export function Footer() {
  const { t } = useTranslation();
  // English and Spanish write a year the same way; an Intl date formatter here cost every page
  // its date data on the first paint (issue #13).
  const yearText = String(new Date().getFullYear());
  // The last document stays mounted while its dialog closes, so the exit transition plays.
  const [legalKind, setLegalKind] = useState<LegalDocumentKind | null>(null);
  const [legalOpen, setLegalOpen] = useState(false);
  const openLegal = (kind: LegalDocumentKind) => {
    setLegalKind(kind);
    setLegalOpen(true);
  };

  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <div>
          <div className={styles.brand}>
            <LogoMark />
            <p className={styles.brandName}>Bullpen</p>
          </div>
          <p className={`${styles.small} ${styles.tagline}`}>{t('footer.tagline')}</p>
          <ul className={styles.social}>
            {socialLinks.map(({ network, href, icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.social', { network })}
                  className={styles.socialLink}
                >
                  <PathIcon paths={icon} />
                </a>
              </li>
            ))}
          </ul>
          <div className={styles.language}>
            <LanguageSwitch tone="dark" />
          </div>
        </div>
        <nav aria-label={t('nav.footer')}>
          <h2 className={styles.heading}>{t('footer.explore')}</h2>
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to} className={styles.link}>
                  {t(link.labelKey)}
                </RouterLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>{t('footer.legal')}</h2>
          <ul className={styles.links}>
            <li>
              <button type="button" onClick={() => openLegal('terms')} className={styles.link}>
                {t('footer.termsOfUse')}
              </button>
            </li>
            <li>
              <button type="button" onClick={() => openLegal('privacy')} className={styles.link}>
                {t('footer.privacyPolicy')}
              </button>
            </li>
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <p className={`${styles.small} ${styles.disclaimer}`}>
          {t('footer.disclaimer', { year: yearText })}
        </p>
      </div>
      <Suspense fallback={null}>
        {legalKind && (
          <LegalDialog kind={legalKind} open={legalOpen} onClose={() => setLegalOpen(false)} />
        )}
      </Suspense>
    </footer>
  );
}
