import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StarsIcon from '@mui/icons-material/Stars';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { type EarnFromState, earnPaths } from '@bullpen/contract/routes';
import type { ZogoModule } from '@bullpen/contract/zogo';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';

/**
 * One module in the catalogue: its picture, name, points and minutes, and a "Done" mark with
 * a tick (never colour alone). The whole card opens the module; Back returns to `from`.
 */
export function ModuleCard({ module, from }: { module: ZogoModule; from: string }) {
  const { t } = useTranslation('earn');
  const state: EarnFromState = { from };
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        p: 1.5,
        height: '100%',
        borderRadius: 2,
        border: '1px solid',
        borderColor: module.completed ? 'success.main' : 'divider',
        bgcolor: module.completed ? '#eef7f1' : 'background.paper',
        transition: 'box-shadow 120ms ease',
        '&:hover': { boxShadow: 3 },
        '&:focus-within': { boxShadow: 3 },
        minWidth: 0,
      }}
    >
      <Box
        component="img"
        src={module.imgSrc}
        alt=""
        width={56}
        height={56}
        sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 1.5 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component={RouterLink}
          to={earnPaths.module(module.id)}
          state={state}
          aria-describedby={`earn-module-${module.id}-facts`}
          sx={{
            fontWeight: 700,
            color: 'text.primary',
            textDecoration: 'none',
            overflowWrap: 'anywhere',
            '&:hover': { textDecoration: 'underline' },
            // The whole card is the link's target.
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 2 },
            '&:focus-visible': { outline: 'none' },
            '&:focus-visible::after': {
              outline: '3px solid var(--focus-ring)',
              outlineOffset: '2px',
            },
          }}
        >
          {module.name}
        </Typography>
        <Box
          id={`earn-module-${module.id}-facts`}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 1.5,
            rowGap: 0.25,
            mt: 0.5,
            color: 'text.secondary',
          }}
        >
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <StarsIcon fontSize="inherit" aria-hidden="true" />
            {t('module.points', { count: module.points })}
          </Typography>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <ScheduleIcon fontSize="inherit" aria-hidden="true" />
            <span aria-hidden="true">{t('module.minutes', { count: module.minutes })}</span>
            <span className={visuallyHiddenClass}>
              {t('module.minutesLong', { count: module.minutes })}
            </span>
          </Typography>
          {module.completed && (
            <Typography
              variant="body2"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                color: 'success.main',
                fontWeight: 700,
              }}
            >
              <CheckCircleIcon fontSize="inherit" aria-hidden="true" />
              {t('module.done')}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
