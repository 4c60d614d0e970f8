import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import SchoolIcon from '@mui/icons-material/School';
import type { SvgIconComponent } from '@mui/icons-material';

interface Audience {
  title: string;
  lead: string;
  points: string[];
  Icon: SvgIconComponent;
}

const audiences: Audience[] = [
  {
    title: 'For students',
    lead: 'Trade real companies with virtual money and see what works, risk free.',
    points: [
      'Join public or class contests and climb the leaderboard',
      'Short Learn & Earn lessons that award points',
      'Plan your own money with the Master Budget tool',
    ],
    Icon: EmojiEventsIcon,
  },
  {
    title: 'For teachers',
    lead: 'A ready-to-teach financial-literacy course with a game your class will love.',
    points: [
      'Create classrooms and invite students by email',
      'Assign lessons, follow progress and send reminders',
      'Grant certificates and run private class contests',
    ],
    Icon: SchoolIcon,
  },
  {
    title: 'For parents',
    lead: 'Money conversations at home get easier when kids have practised first.',
    points: [
      'See the skills your child is learning in class',
      'No real money, no ads, and student data is never sold',
      'Review or delete your child’s data at any time',
    ],
    Icon: FamilyRestroomIcon,
  },
];

export function Audiences() {
  return (
    <Box component="section" aria-labelledby="audiences-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 } }}>
        <Typography id="audiences-title" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          Made for the whole classroom
        </Typography>
        <Typography
          sx={{ textAlign: 'center', color: 'text.secondary', maxWidth: 640, mx: 'auto', mb: 5 }}
        >
          One place where students practise, teachers teach and parents follow along.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {audiences.map(({ title, lead, points, Icon }) => (
            <Paper key={title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
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
                {title}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mb: 2 }}>{lead}</Typography>
              <Box component="ul" sx={{ pl: 2.5, m: 0, display: 'grid', gap: 0.75 }}>
                {points.map((point) => (
                  <li key={point}>
                    <Typography>{point}</Typography>
                  </li>
                ))}
              </Box>
            </Paper>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
