import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useAppstore } from '../api/get-appstore.ts';

/** The real-trading app banner (spec section 1), for adults only; hidden when it cannot load. */
export function AppStoreBanner() {
  const { data } = useAppstore();
  if (!data) return null;
  return (
    <Box
      component="section"
      aria-labelledby="appstore-title"
      sx={{ pb: { xs: 6, md: 9 }, px: { xs: 2, md: 3 }, maxWidth: 1200, mx: 'auto' }}
    >
      <Box
        sx={{
          p: { xs: 3, md: 5 },
          borderRadius: 4,
          bgcolor: '#0b2545',
          color: '#ffffff',
          '--focus-ring': '#ffd166',
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr auto' },
          alignItems: 'center',
        }}
      >
        <Box>
          <Chip
            label={data.age_notice}
            sx={{ bgcolor: '#ffd166', color: '#0b2545', fontWeight: 800, mb: 1.5 }}
          />
          <Typography id="appstore-title" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
            {data.title}
          </Typography>
          <Typography sx={{ color: '#dbe6f3' }}>{data.description}</Typography>
        </Box>
        <Button
          href={data.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          size="large"
          sx={{
            bgcolor: '#ffffff',
            color: '#0b2545',
            '&:hover': { bgcolor: '#e8eef6' },
            justifySelf: { xs: 'start', md: 'end' },
          }}
        >
          {data.button_text}
        </Button>
      </Box>
    </Box>
  );
}
