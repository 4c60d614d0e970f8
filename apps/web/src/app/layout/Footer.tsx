import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { publicPaths } from '@bullpen/contract/routes';
import { LanguageSwitch } from '@/components/LanguageSwitch.tsx';
import { brand } from '../theme.ts';
import type { LegalDocumentKind } from './LegalDialog.tsx';
import { LogoMark } from './Logo.tsx';
import { learnAndEarnPath } from './menu-items.ts';

const LegalDialog = lazy(() => import('./LegalDialog.tsx'));

const footerLinks = [
  { labelKey: 'footer.support', to: publicPaths.support },
  { labelKey: 'footer.contactUs', to: publicPaths.contactUs },
  { labelKey: 'menu.createContest', to: '/create' },
  { labelKey: 'menu.joinContest', to: '/join' },
  { labelKey: 'menu.learnAndEarn', to: learnAndEarnPath },
  { labelKey: 'footer.myContests', to: '/my-contests' },
] as const;

const socialLinks = [
  { network: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { network: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
  { network: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
];

const linkSx = {
  color: '#ffffff',
  textDecorationColor: 'rgba(255,255,255,0.6)',
  '&:hover': { textDecorationColor: '#ffffff' },
} as const;

const textButtonSx = {
  ...linkSx,
  font: 'inherit',
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  textDecoration: 'underline',
} as const;

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
    <Box
      component="footer"
      sx={{ bgcolor: brand.navy, color: '#e8eef6', '--focus-ring': brand.focusOnDark, mt: 'auto' }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          py: { xs: 4, md: 6 },
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr 1fr' },
        }}
      >
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
            <LogoMark />
            <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.2rem', color: '#fff' }}>
              Bullpen
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ maxWidth: 420 }}>
            {t('footer.tagline')}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', gap: 1, listStyle: 'none', p: 0, mt: 2 }}>
            {socialLinks.map(({ network, href, Icon }) => (
              <li key={href}>
                <Box
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.social', { network })}
                  sx={{
                    display: 'inline-flex',
                    p: 1,
                    borderRadius: '50%',
                    color: '#ffffff',
                    bgcolor: 'rgba(255,255,255,0.1)',
                    '&:hover': { bgcolor: 'rgba(255,255,255,0.2)' },
                  }}
                >
                  <Icon aria-hidden="true" />
                </Box>
              </li>
            ))}
          </Box>
          <Box sx={{ mt: 2.5 }}>
            <LanguageSwitch tone="dark" />
          </Box>
        </Box>
        <Box component="nav" aria-label={t('nav.footer')}>
          <Typography component="h2" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
            {t('footer.explore')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link component={RouterLink} to={link.to} sx={linkSx}>
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Box>
          <Typography component="h2" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
            {t('footer.legal')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            <li>
              <Box
                component="button"
                type="button"
                onClick={() => openLegal('terms')}
                sx={textButtonSx}
              >
                {t('footer.termsOfUse')}
              </Box>
            </li>
            <li>
              <Box
                component="button"
                type="button"
                onClick={() => openLegal('privacy')}
                sx={textButtonSx}
              >
                {t('footer.privacyPolicy')}
              </Box>
            </li>
          </Box>
        </Box>
      </Box>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.15)' }}>
        <Typography
          variant="body2"
          sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 }, py: 3, color: '#d5deea' }}
        >
          {t('footer.disclaimer', { year: yearText })}
        </Typography>
      </Box>
      <Suspense fallback={null}>
        {legalKind && (
          <LegalDialog kind={legalKind} open={legalOpen} onClose={() => setLegalOpen(false)} />
        )}
      </Suspense>
    </Box>
  );
}
