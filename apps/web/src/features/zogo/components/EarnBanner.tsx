import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Learn-and-earn's own header variant (spec section 2): a band under the site header that
 * stays in the page (the site header does not become fixed here, and there is no footer).
 */
export function EarnBanner({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        background: 'linear-gradient(135deg, #0b2545 0%, #1457b8 100%)',
        color: '#ffffff',
        '--focus-ring': '#ffd166',
      }}
    >
      <Box
        sx={{
          maxWidth: 1120,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          py: { xs: 3, md: 5 },
          width: '100%',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
