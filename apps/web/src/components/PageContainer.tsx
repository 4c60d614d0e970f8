import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export function PageContainer({
  children,
  maxWidth = 1120,
}: {
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box sx={{ maxWidth, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 4, md: 6 }, width: '100%' }}>
      {children}
    </Box>
  );
}
