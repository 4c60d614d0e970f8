import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import {
  useInviteStudentGuardian,
  useRevokeStudentGuardian,
  useStudentGuardians,
} from '../../api/student-guardians-api.ts';

const say = (text: string) => translateMessage(text, ['classrooms:guardians.messages']);

/**
 * The teacher's view of one student's parents: who follows the student (and a deletion a
 * parent asked for, which the teacher confirms by deleting the account), the open invitations,
 * inviting a parent (how a student under 13, or one the teacher made, gets one), and ending a
 * link.
 */
export function StudentGuardiansDialog({
  classroomId,
  student,
  onClose,
}: {
  classroomId: number;
  student: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('classrooms');
  const { t: tCommon } = useTranslation('common');
  const format = useFormatters();
  const guardians = useStudentGuardians(classroomId, student.id);
  const invite = useInviteStudentGuardian(classroomId, student.id);
  const revoke = useRevokeStudentGuardian(classroomId, student.id);
  const [email, setEmail] = useState('');
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="student-guardians-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="student-guardians-title">
        {t('guardians.title', { name: student.name })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {guardians.isError && <Alert severity="error">{say(errorText(guardians.error))}</Alert>}
        {guardians.data && (
          <>
            {guardians.data.results.length === 0 ? (
              <Typography variant="body2">{t('guardians.none')}</Typography>
            ) : (
              <List dense aria-label={t('guardians.following')}>
                {guardians.data.results.map((guardian) => {
                  const name = `${guardian.first_name} ${guardian.last_name}`;
                  return (
                    <ListItem
                      key={guardian.id}
                      disableGutters
                      secondaryAction={
                        <Button
                          size="small"
                          aria-label={t('guardians.revokeLabel', { name })}
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(guardian.id)}
                        >
                          {t('guardians.revoke')}
                        </Button>
                      }
                    >
                      <ListItemText
                        primary={name}
                        secondary={
                          guardian.deletion_requested_at
                            ? t('guardians.deletionAsked', {
                                email: guardian.email,
                                date: format.dateTime(guardian.deletion_requested_at),
                              })
                            : guardian.email
                        }
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
            {guardians.data.invitations.map((invitation) => (
              <Typography key={invitation.id} variant="body2">
                {t('guardians.invited', {
                  email: invitation.email,
                  date: format.dateTime(invitation.expires_at),
                })}
              </Typography>
            ))}
          </>
        )}
        {revoke.isError && <Alert severity="error">{say(errorText(revoke.error))}</Alert>}
        <Box
          component="form"
          noValidate
          sx={{ display: 'grid', gap: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate(email.trim(), { onSuccess: () => setEmail('') });
          }}
        >
          <TextField
            type="email"
            label={t('guardians.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            fullWidth
          />
          {invite.isSuccess && <Alert severity="success">{t('guardians.sent')}</Alert>}
          {invite.isError && <Alert severity="error">{say(errorText(invite.error))}</Alert>}
          <Button
            type="submit"
            variant="outlined"
            disabled={invite.isPending}
            sx={{ justifySelf: 'start' }}
          >
            {t('guardians.invite')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tCommon('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
