import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudentCredentials } from '@bullpen/contract/classrooms';
import { publicPaths } from '@bullpen/contract/routes';

/** On paper only the cards show: the page behind the dialog and its buttons are hidden. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '#root, [data-print="hide"]': { display: 'none !important' },
        body: { background: '#fff' },
        '.login-cards-dialog .MuiDialog-container': { display: 'block', height: 'auto' },
        '.login-cards-dialog .MuiPaper-root': {
          boxShadow: 'none',
          margin: 0,
          maxHeight: 'none',
          overflow: 'visible',
        },
        '.login-cards-dialog .MuiBackdrop-root': { display: 'none' },
        '.login-cards-dialog, .login-cards-dialog .MuiDialogContent-root': {
          position: 'static !important',
          overflow: 'visible !important',
        },
      },
    }}
  />
);

/**
 * The print view of login cards: class, student, username, password and where to sign in.
 * Shown right after the accounts are made or a password reset, since passwords are stored
 * only hashed; closing asks first, because the passwords cannot be shown again.
 */
export function LoginCards({
  classroomName,
  students,
  onClose,
}: {
  classroomName: string;
  students: StudentCredentials[];
  onClose: () => void;
}) {
  const { t } = useTranslation('classrooms');
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const loginUrl = `${window.location.origin}${publicPaths.login}`;
  return (
    <Dialog
      open
      fullScreen
      className="login-cards-dialog"
      aria-labelledby={titleId}
      onClose={() => setConfirming(true)}
    >
      {printStyles}
      <DialogTitle id={titleId} data-print="hide">
        {t('cards.title')}
      </DialogTitle>
      <DialogContent>
        <Typography data-print="hide" sx={{ mb: 2 }}>
          {t('cards.intro')}
        </Typography>
        <Box
          component="ul"
          aria-label={t('cards.title')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
            '@media print': { gridTemplateColumns: 'repeat(2, 1fr)', gap: '8mm' },
          }}
        >
          {students.map((student) => {
            const name = `${student.first_name} ${student.last_name}`;
            return (
              <Box
                component="li"
                key={student.id}
                aria-label={t('cards.card', { name })}
                sx={{
                  border: '2px dashed',
                  borderColor: 'text.secondary',
                  borderRadius: 2,
                  p: 2,
                  breakInside: 'avoid',
                  color: 'text.primary',
                  minWidth: 0,
                  overflowWrap: 'anywhere',
                }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('cards.class')}: {classroomName}
                </Typography>
                <Typography variant="h3" component="p" sx={{ my: 1 }}>
                  {name}
                </Typography>
                <Box
                  component="dl"
                  sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}
                >
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {t('cards.username')}
                  </Box>
                  <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', fontSize: '1.1rem' }}>
                    {student.username}
                  </Box>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {t('cards.password')}
                  </Box>
                  <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', fontSize: '1.1rem' }}>
                    {student.password}
                  </Box>
                </Box>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('cards.signIn')} {loginUrl}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions data-print="hide" sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {confirming ? (
          <>
            <Typography role="alert" sx={{ mr: 'auto' }}>
              {t('cards.closeConfirm')}
            </Typography>
            <Button onClick={() => setConfirming(false)}>{t('confirm.cancel')}</Button>
            <Button variant="contained" color="error" onClick={onClose}>
              {t('cards.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setConfirming(true)}>{t('cards.close')}</Button>
            <Button variant="contained" onClick={() => window.print()}>
              {t('cards.print')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
