import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  to?: string;
}

/** Where this page sits: links back up, the current page last (not a link). */
export function LearnBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('learn');
  return (
    <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ mb: 2, '& ol': { flexWrap: 'wrap' } }}>
      {crumbs.map((crumb, index) =>
        crumb.to && index < crumbs.length - 1 ? (
          <Link key={crumb.to} component={RouterLink} to={crumb.to}>
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={crumb.label}
            aria-current="page"
            sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
