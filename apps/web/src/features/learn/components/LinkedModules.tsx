import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { type EarnFromState, earnPaths } from '@bullpen/contract/routes';
import type { LinkedModule } from '../api/learn-api.ts';

/**
 * The learn-and-earn modules that go with this lesson, the ones I completed marked. Each opens
 * the module's deep link with this lesson as `from`, so the module's Back returns here.
 */
export function LinkedModules({ modules }: { modules: LinkedModule[] }) {
  const { t } = useTranslation('learn');
  const location = useLocation();
  const state: EarnFromState = { from: `${location.pathname}${location.search}` };
  return (
    <Box component="section" aria-labelledby="modules-heading" sx={{ mt: 5 }}>
      <Typography variant="h2" id="modules-heading" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('modules.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {modules.map((module) => (
          <Box
            component="li"
            key={module.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
          >
            <Box
              component="img"
              src={module.imgSrc}
              alt=""
              width={40}
              height={40}
              sx={{ width: 40, height: 40, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }}
            />
            <Link
              component={RouterLink}
              to={earnPaths.module(module.id)}
              state={state}
              sx={{ overflowWrap: 'anywhere', fontWeight: 600, minWidth: 0 }}
            >
              {module.name}
            </Link>
            {module.completed && (
              <Typography
                variant="body2"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  color: 'success.main',
                  flexShrink: 0,
                }}
              >
                <CheckCircleIcon fontSize="small" aria-hidden="true" />
                {t('modules.completed')}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
