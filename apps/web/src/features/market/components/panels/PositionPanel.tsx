import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import type { Security } from '@bullpen/contract/market';
import { useFormatters } from '@/lib/format.ts';

/** Panel 0: what the user owns of this stock (positions arrive with contests). */
export function PositionPanel({ security, owned }: { security: Security; owned: number }) {
  const { t } = useTranslation('market');
  const format = useFormatters();
  const names = { name: security.name, symbol: security.symbol };
  if (owned > 0) {
    return (
      <Typography>
        {t('position.owned', { count: owned, shares: format.number(owned), ...names })}
      </Typography>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 1 }}>{t('position.none', names)}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        <Trans
          t={t}
          i18nKey="position.where"
          components={{
            join: <Link component={RouterLink} to="/join" />,
            create: <Link component={RouterLink} to="/create" />,
          }}
        />
      </Typography>
    </>
  );
}
