import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** In order; each is `howItWorks.steps.<step>` in the `home` catalogue. */
const steps = ['signup', 'join', 'trade', 'reflect'] as const;

export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <Box
      component="section"
      aria-labelledby="how-title"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: '#f3f6fb' }}
    >
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 } }}>
        <Typography id="how-title" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
          {t('howItWorks.title')}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          {steps.map((step, index) => (
            <Box component="li" key={step} sx={{ display: 'flex', gap: 2 }}>
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: '#ffffff',
                  fontWeight: 800,
                }}
              >
                {index + 1}
              </Box>
              <Box>
                <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
                  {t(`howItWorks.steps.${step}.title`)}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  {t(`howItWorks.steps.${step}.text`)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
