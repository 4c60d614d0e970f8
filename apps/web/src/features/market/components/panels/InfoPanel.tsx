import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Security } from '@bullpen/contract/market';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';

/** Panel 1: what the company does, or the spec's "No description found for {name}". */
export function InfoPanel({ security }: { security: Security }) {
  const { t } = useTranslation('market');
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {security.kind === 'etf' ? t('info.etf') : t('info.stock')} · {security.sector.name}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {security.description?.trim() || t('info.noDescription', { name: security.name })}
      </Typography>
      {security.hyperlink && (
        <Box>
          <Link href={security.hyperlink} target="_blank" rel="noopener noreferrer">
            {t('info.website', { name: security.name })}
            <span className={visuallyHiddenClass}>{t('info.newTab')}</span>
          </Link>
        </Box>
      )}
    </>
  );
}
