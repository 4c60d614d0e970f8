import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** What e2e/support/fixtures.ts and the browser tests check, in the order the page lists it. */
const checks = ['axe', 'keyboard', 'width', 'languages'] as const;

/** /public/accessibility: what the tests check, and how to report a barrier. */
export function AccessibilityPage() {
  const { t } = useTranslation('accessibility');
  useDocumentTitle(t('title'));
  return (
    <PageContainer maxWidth={760}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('lead')}</Typography>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('checksTitle')}
      </Typography>
      <List sx={{ listStyleType: 'disc', pl: 3, mb: 2 }}>
        {checks.map((check) => (
          <ListItem key={check} sx={{ display: 'list-item', px: 0 }}>
            {t(`checks.${check}`)}
          </ListItem>
        ))}
      </List>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('limitsTitle')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('limits')}</Typography>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('reportTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('report')}</Typography>
      <Typography>
        <Link component={RouterLink} to={publicPaths.support}>
          {t('reportLink')}
        </Link>
      </Typography>
    </PageContainer>
  );
}

export const Component = AccessibilityPage;
