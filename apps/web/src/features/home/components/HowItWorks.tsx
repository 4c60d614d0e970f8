import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const steps = [
  {
    title: 'Sign up free',
    text: 'Students and teachers create an account in a minute. Teachers invite their class.',
  },
  {
    title: 'Join a contest',
    text: 'Every player starts with the same virtual cash and a simulated market of real-world companies.',
  },
  {
    title: 'Research and trade',
    text: 'Read company data and news, study charts, then buy and sell. Orders placed after hours fill at the next open.',
  },
  {
    title: 'Learn, earn and reflect',
    text: 'Finish lessons for points, compare results on the leaderboard and talk about what worked.',
  },
];

export function HowItWorks() {
  return (
    <Box
      component="section"
      aria-labelledby="how-title"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: '#f3f6fb' }}
    >
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 } }}>
        <Typography id="how-title" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
          How it works
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
            <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2 }}>
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
                  {step.title}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>{step.text}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
