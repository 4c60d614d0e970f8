import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { HeroIllustration } from './HeroIllustration.tsx';

export function Hero({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('home');
  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      sx={{
        background: 'linear-gradient(135deg, #0b2545 0%, #13427a 100%)',
        color: '#ffffff',
        '--focus-ring': '#ffd166',
      }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          py: { xs: 5, md: 9 },
          display: 'grid',
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography
            sx={{ color: '#ffd166', fontWeight: 700, letterSpacing: '0.08em', mb: 1.5 }}
            variant="overline"
            component="p"
          >
            {t('hero.eyebrow')}
          </Typography>
          <Typography
            id="home-title"
            variant="h1"
            sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', lg: '3.25rem' }, mb: 2 }}
          >
            {t('hero.title')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: '#dbe6f3', mb: 4 }}>
            {t('hero.lead')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {signedIn ? (
              <>
                <Button
                  component={RouterLink}
                  to="/learn-and-earn?widget_type=learn_and_earn"
                  variant="contained"
                  size="large"
                  sx={{ bgcolor: '#ffd166', color: '#0b2545', '&:hover': { bgcolor: '#ffc233' } }}
                >
                  {t('hero.startLearning')}
                </Button>
                <Button
                  component={RouterLink}
                  to="/my-contests?type=public"
                  variant="outlined"
                  size="large"
                  sx={{ color: '#ffffff', borderColor: '#ffffff' }}
                >
                  {t('hero.myContests')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  component={RouterLink}
                  to={publicPaths.signup}
                  variant="contained"
                  size="large"
                  sx={{ bgcolor: '#ffd166', color: '#0b2545', '&:hover': { bgcolor: '#ffc233' } }}
                >
                  {t('hero.createAccount')}
                </Button>
                <Button
                  component={RouterLink}
                  to={publicPaths.signupTeacher}
                  variant="outlined"
                  size="large"
                  sx={{ color: '#ffffff', borderColor: '#ffffff' }}
                >
                  {t('hero.teacher')}
                </Button>
              </>
            )}
          </Box>
        </Box>
        <Box sx={{ maxWidth: { xs: 420, md: 'none' }, width: '100%', mx: 'auto' }}>
          <HeroIllustration />
        </Box>
      </Box>
    </Box>
  );
}
