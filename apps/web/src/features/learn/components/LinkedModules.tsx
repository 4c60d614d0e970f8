import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import type { LinkedModule } from '../api/learn-api.ts';

/** The learn-and-earn modules that go with this lesson, the ones I completed marked. */
export function LinkedModules({ modules }: { modules: LinkedModule[] }) {
  const { t } = useTranslation('learn');
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
              sx={{ width: 40, height: 40, borderRadius: 1, objectFit: 'cover' }}
            />
            <Typography sx={{ overflowWrap: 'anywhere' }}>{module.name}</Typography>
            {module.completed && (
              <Typography
                variant="body2"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}
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
