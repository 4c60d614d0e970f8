import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TeamMember } from '@bullpen/contract/content';
import { InitialsAvatar } from './InitialsAvatar.tsx';

/** Spec section 2, "Team-member profile dialog": fullName, role, description, photo. */
export function TeamMemberDialog({
  member,
  open,
  onClose,
}: {
  member: TeamMember | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {member && (
        <>
          <DialogTitle id={titleId} sx={{ pb: 0 }}>
            {member.fullName}
          </DialogTitle>
          <DialogContent>
            <Box
              sx={{
                display: 'flex',
                gap: 2.5,
                alignItems: { xs: 'flex-start', sm: 'center' },
                flexDirection: { xs: 'column', sm: 'row' },
                mt: 2,
              }}
            >
              <InitialsAvatar name={member.fullName} photo={member.photo} size={112} />
              <Box>
                <Typography sx={{ color: 'primary.main', fontWeight: 700, mb: 1 }}>
                  {member.role}
                </Typography>
                <Typography>{member.description}</Typography>
              </Box>
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained">
              {t('close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
