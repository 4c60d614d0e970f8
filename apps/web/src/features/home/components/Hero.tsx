import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { HeroIllustration } from './HeroIllustration.tsx';

export function Hero({ signedIn }: { signedIn: boolean }) {
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
            Financial literacy, played
          </Typography>
          <Typography
            id="home-title"
            variant="h1"
            sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', lg: '3.25rem' }, mb: 2 }}
          >
            Learn to invest by playing the stock market
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: '#dbe6f3', mb: 4 }}>
            Bullpen is the stock-market game for schools. Students trade with virtual money in
            contests, teachers run classrooms with ready-made lessons, and parents see what their
            kids learn about saving, budgeting and investing.
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
                  Start learning
                </Button>
                <Button
                  component={RouterLink}
                  to="/my-contests?type=public"
                  variant="outlined"
                  size="large"
                  sx={{ color: '#ffffff', borderColor: '#ffffff' }}
                >
                  Go to my contests
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
                  Create a free account
                </Button>
                <Button
                  component={RouterLink}
                  to={publicPaths.signupTeacher}
                  variant="outlined"
                  size="large"
                  sx={{ color: '#ffffff', borderColor: '#ffffff' }}
                >
                  I’m a teacher
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
