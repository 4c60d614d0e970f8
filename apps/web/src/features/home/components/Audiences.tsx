import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import SchoolIcon from '@mui/icons-material/School';
import type { SvgIconComponent } from '@mui/icons-material';

/** Each audience's texts are `audiences.<key>` in the `home` catalogue, points in order. */
const audiences: { key: 'students' | 'teachers' | 'parents'; Icon: SvgIconComponent }[] = [
  { key: 'students', Icon: EmojiEventsIcon },
  { key: 'teachers', Icon: SchoolIcon },
  { key: 'parents', Icon: FamilyRestroomIcon },
];

export function Audiences() {
  const { t } = useTranslation('home');
  return (
    <Box component="section" aria-labelledby="audiences-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 } }}>
        <Typography id="audiences-title" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('audiences.title')}
        </Typography>
        <Typography
          sx={{ textAlign: 'center', color: 'text.secondary', maxWidth: 640, mx: 'auto', mb: 5 }}
        >
          {t('audiences.lead')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {audiences.map(({ key, Icon }) => (
            <Paper key={key} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
              <Box
                aria-hidden="true"
                sx={{
                  display: 'inline-grid',
                  placeItems: 'center',
                  width: 52,
                  height: 52,
                  borderRadius: 2,
                  bgcolor: '#e8f0fc',
                  color: 'primary.main',
                  mb: 2,
                }}
              >
                <Icon />
              </Box>
              <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                {t(`audiences.${key}.title`)}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mb: 2 }}>
                {t(`audiences.${key}.lead`)}
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, m: 0, display: 'grid', gap: 0.75 }}>
                {Object.values(t(`audiences.${key}.points`, { returnObjects: true })).map(
                  (point) => (
                    <li key={point}>
                      <Typography>{point}</Typography>
                    </li>
                  ),
                )}
              </Box>
            </Paper>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
