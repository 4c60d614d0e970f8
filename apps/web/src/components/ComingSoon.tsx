import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { publicPaths } from '@bullpen/contract/routes';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type common from '../locales/en/common.json';
import { PageContainer } from './PageContainer.tsx';

/** A key of `comingSoon.pages` in the `common` catalogue: the feature's title and description. */
export type ComingSoonPage = keyof (typeof common)['comingSoon']['pages'];

export interface ComingSoonProps {
  page: ComingSoonPage;
}

/** The page of a route whose feature is not built yet: names the feature and what it will do. */
export function ComingSoon({ page }: ComingSoonProps) {
  const { t } = useTranslation();
  const title = t(`comingSoon.pages.${page}.title`);
  useDocumentTitle(title);
  return (
    <PageContainer maxWidth={760}>
      <Box
        sx={{
          textAlign: 'center',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 4,
          px: { xs: 2.5, sm: 6 },
          py: { xs: 5, sm: 7 },
          bgcolor: '#f3f6fb',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: '#ffd166',
            color: '#0b2545',
            mb: 2,
          }}
        >
          <ConstructionIcon fontSize="large" />
        </Box>
        <Typography variant="h1" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Chip label={t('comingSoon.badge')} color="primary" sx={{ mb: 2, fontWeight: 700 }} />
        <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: 560, mx: 'auto' }}>
          {t(`comingSoon.pages.${page}.description`)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={publicPaths.home} variant="contained">
            {t('comingSoon.backHome')}
          </Button>
          <Button component={RouterLink} to={publicPaths.contactUs} variant="outlined">
            {t('comingSoon.contactUs')}
          </Button>
        </Box>
      </Box>
    </PageContainer>
  );
}
