import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { Heading } from '@/components/Heading.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';

/** The accept page's frame: one h1 and a narrow card, readable at 360 px. */
export function InvitationFrame({
  title,
  children,
  maxWidth = 520,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <PageContainer maxWidth={maxWidth}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, my: 3 }}>
        <Heading level={1}>{title}</Heading>
        {children}
      </Paper>
    </PageContainer>
  );
}
