import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { staffPaths } from '@bullpen/contract/routes';
import type { Classroom, ClassroomStudent, StudentCredentials } from '@bullpen/contract/classrooms';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  useClassroomStudents,
  useDeleteStudentAccount,
  useRemoveFromClassroom,
  useResetStudentPassword,
} from '../../api/classrooms-api.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useTeacherTrusted } from '../../hooks/use-teacher-trusted.ts';
import { AwardPointsDialog } from '../rewards/AwardPointsDialog.tsx';
import { TeacherTrustNotice } from '../rewards/TeacherTrustNotice.tsx';
import { AddStudentsDialog } from './AddStudentsDialog.tsx';
import { InviteStudentsDialog } from './InviteStudentsDialog.tsx';
import { LoginCards } from './LoginCards.tsx';
import { StudentExportDialog } from './StudentExportDialog.tsx';
import { StudentGuardiansDialog } from './StudentGuardiansDialog.tsx';
import { rowCardSx, rowTextSx } from '../row-card.ts';

type Pending = { kind: 'remove' | 'reset' | 'delete'; student: ClassroomStudent } | null;

const confirmKeys = {
  remove: { title: 'confirm.removeTitle', text: 'confirm.removeText', label: 'students.remove' },
  reset: { title: 'confirm.resetTitle', text: 'confirm.resetText', label: 'students.reset' },
  delete: {
    title: 'confirm.deleteAccountTitle',
    text: 'confirm.deleteAccountText',
    label: 'students.deleteAccount',
  },
} as const;

const fullName = (student: { first_name: string; last_name: string }) =>
  `${student.first_name} ${student.last_name}`.trim();

/**
 * The teacher's Students section: the list (cards, readable at 360 px) with remove and, for
 * accounts they made, a new password; adding students without email with their login cards;
 * inviting by email.
 */
export function ClassroomStudents({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('classrooms');
  const { t: tRedeem } = useTranslation('redeem');
  const format = useFormatters();
  const notify = useNotify();
  // A teacher waiting for approval is told why instead of being shown "Award points".
  const trusted = useTeacherTrusted();
  const students = useClassroomStudents(classroom.id, classroom.role === 'teacher');
  const remove = useRemoveFromClassroom(classroom.id);
  const reset = useResetStudentPassword(classroom.id);
  const deleteAccount = useDeleteStudentAccount(classroom.id);
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [cards, setCards] = useState<StudentCredentials[] | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [awarding, setAwarding] = useState<ClassroomStudent | null>(null);
  const [exporting, setExporting] = useState<ClassroomStudent | null>(null);
  const [parents, setParents] = useState<ClassroomStudent | null>(null);

  const confirm = async () => {
    if (!pending) return;
    const { kind, student } = pending;
    try {
      if (kind === 'remove') {
        await remove.mutateAsync(student.id);
        notify(t('students.removed', { name: fullName(student) }), 'success');
      } else if (kind === 'delete') {
        await deleteAccount.mutateAsync(student.id);
        notify(t('students.accountDeleted', { name: fullName(student) }), 'success');
      } else {
        setCards([await reset.mutateAsync(student.id)]);
      }
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setPending(null);
    }
  };

  const list = students.data?.results ?? [];
  return (
    <Box component="section" aria-labelledby="students-heading">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <Typography id="students-heading" variant="h2">
          {t('students.heading')}
          {students.data && (
            <Typography component="span" sx={{ ml: 1, color: 'text.secondary' }}>
              ({t('students.count', { count: students.data.count })})
            </Typography>
          )}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setAdding(true)}>
            {t('students.addWithoutEmail')}
          </Button>
          <Button variant="outlined" onClick={() => setInviting(true)}>
            {t('students.invite')}
          </Button>
          <Button
            variant="outlined"
            component={RouterLink}
            to={staffPaths.classroomRoster(classroom.id)}
          >
            {t('students.importRoster')}
          </Button>
        </Box>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('students.coppa')}
      </Typography>
      {!trusted && <TeacherTrustNotice />}
      {students.isPending ? (
        <Typography role="status">{t('students.loading')}</Typography>
      ) : students.isError ? (
        <Alert severity="error">{errorText(students.error)}</Alert>
      ) : list.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('students.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="students-heading"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {list.map((student) => (
            <Paper component="li" key={student.id} variant="outlined" sx={rowCardSx}>
              <Box sx={rowTextSx}>
                <Typography sx={{ fontWeight: 600 }}>{fullName(student)}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('students.username')}: {student.username} · {t('students.joined')}{' '}
                  {format.dateTime(student.joined_at)}
                </Typography>
              </Box>
              <Chip
                size="small"
                variant="outlined"
                label={t(student.has_email ? 'students.withEmail' : 'students.withoutEmail')}
              />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {trusted && (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={tRedeem('award.openLabel', { name: fullName(student) })}
                    onClick={() => setAwarding(student)}
                  >
                    {tRedeem('award.open')}
                  </Button>
                )}
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={t('students.exportLabel', { name: fullName(student) })}
                  onClick={() => setExporting(student)}
                >
                  {t('students.exportData')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={t('guardians.openLabel', { name: fullName(student) })}
                  onClick={() => setParents(student)}
                >
                  {t('guardians.open')}
                </Button>
                {!student.has_email && student.created_by_me && (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t('students.resetLabel', { name: fullName(student) })}
                    onClick={() => setPending({ kind: 'reset', student })}
                  >
                    {t('students.reset')}
                  </Button>
                )}
                {/* The harmful ones last, apart from the rest: removing, then erasing for good. */}
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  aria-label={t('students.removeLabel', { name: fullName(student) })}
                  onClick={() => setPending({ kind: 'remove', student })}
                >
                  {t('students.remove')}
                </Button>
                {!student.has_email && student.created_by_me && (
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    aria-label={t('students.deleteAccountLabel', { name: fullName(student) })}
                    onClick={() => setPending({ kind: 'delete', student })}
                  >
                    {t('students.deleteAccount')}
                  </Button>
                )}
              </Box>
            </Paper>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending ? t(confirmKeys[pending.kind].title, { name: fullName(pending.student) }) : ''
        }
        text={pending ? t(confirmKeys[pending.kind].text) : ''}
        confirmLabel={t(confirmKeys[pending?.kind ?? 'remove'].label)}
        danger={pending?.kind !== 'reset'}
        busy={remove.isPending || reset.isPending || deleteAccount.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
      {awarding && (
        <AwardPointsDialog
          key={awarding.id}
          classroomId={classroom.id}
          student={{ id: awarding.id, name: fullName(awarding) }}
          open
          onClose={() => setAwarding(null)}
          onAwarded={(points, leftToday) => {
            notify(
              tRedeem('award.done', { count: points, name: fullName(awarding), left: leftToday }),
              'success',
            );
            setAwarding(null);
          }}
        />
      )}
      {parents && (
        <StudentGuardiansDialog
          key={parents.id}
          classroomId={classroom.id}
          student={{ id: parents.id, name: fullName(parents) }}
          onClose={() => setParents(null)}
        />
      )}
      {exporting && (
        <StudentExportDialog
          key={exporting.id}
          classroomId={classroom.id}
          student={{ id: exporting.id, name: fullName(exporting) }}
          onClose={() => setExporting(null)}
        />
      )}
      <AddStudentsDialog
        classroomId={classroom.id}
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(made) => {
          setAdding(false);
          notify(t('add.done', { count: made.length }), 'success');
          setCards(made);
        }}
      />
      <InviteStudentsDialog
        classroomId={classroom.id}
        classroomName={classroom.name}
        open={inviting}
        onClose={() => setInviting(false)}
      />
      {cards && (
        <LoginCards
          classroomName={classroom.name}
          students={cards}
          onClose={() => setCards(null)}
        />
      )}
    </Box>
  );
}
