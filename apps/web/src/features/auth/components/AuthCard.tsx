import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The frame of every auth page: one h1, an optional lead, the form. */
export function AuthCard({
  title,
  lead,
  children,
  maxWidth = 480,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      sx={{
        px: { xs: 1.5, sm: 3 },
        py: { xs: 3, md: 6 },
        background: 'linear-gradient(180deg, #f3f6fb 0%, #ffffff 100%)',
      }}
    >
      <Paper
        variant="outlined"
        sx={{ maxWidth, mx: 'auto', p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
          {title}
        </Typography>
        {lead && (
          <Typography component="div" sx={{ color: 'text.secondary', mb: 2 }}>
            {lead}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
