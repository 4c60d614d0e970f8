import { useTranslation } from 'react-i18next';
import { Suspense, lazy, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { TeamMember } from '@bullpen/contract/content';
import { useTeamMembers } from '../team-members.ts';
import { InitialsAvatar } from './InitialsAvatar.tsx';

/** The dialog (MUI's Dialog and Modal) loads when a member is first opened, not with the page. */
const TeamMemberDialog = lazy(() =>
  import('./TeamMemberDialog.tsx').then((module) => ({ default: module.TeamMemberDialog })),
);

export function TeamSection() {
  const { t } = useTranslation('home');
  const teamMembers = useTeamMembers();
  // The member stays set while the dialog closes, so its content does not vanish mid-fade.
  const [member, setMember] = useState<TeamMember | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <Box component="section" aria-labelledby="team-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 } }}>
        <Typography id="team-title" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('team.title')}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 5 }}>
          {t('team.lead')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {teamMembers.map((teamMember) => (
            <li key={teamMember.fullName}>
              <ButtonBase
                onClick={() => {
                  setMember(teamMember);
                  setOpen(true);
                }}
                aria-haspopup="dialog"
                sx={{
                  width: '100%',
                  height: '100%',
                  flexDirection: 'column',
                  gap: 1.5,
                  p: { xs: 1.5, sm: 3 },
                  borderRadius: 3,
                  border: '1px solid',
                  borderColor: 'divider',
                  textAlign: 'center',
                  '&:hover': { bgcolor: '#f3f6fb' },
                }}
              >
                <InitialsAvatar name={teamMember.fullName} photo={teamMember.photo} size={88} />
                <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                  {teamMember.fullName}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {teamMember.role}
                </Typography>
              </ButtonBase>
            </li>
          ))}
        </Box>
      </Box>
      {member && (
        <Suspense fallback={null}>
          <TeamMemberDialog member={member} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
