import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { Classroom } from '@bullpen/contract/classrooms';
import { classroomPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useClassroom,
  useDeleteClassroom,
  useFreezeClassroom,
  useRemoveFromClassroom,
} from '../api/classrooms-api.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';

type Confirm = 'freeze' | 'unfreeze' | 'delete' | 'leave';

function ClassroomHeader({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('classrooms');
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useSession();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // The dialog keeps its words while it fades out after `confirm` is cleared.
  const [shown, setShown] = useState<Confirm>('leave');
  if (confirm !== null && confirm !== shown) setShown(confirm);
  const freeze = useFreezeClassroom(classroom.id);
  const remove = useDeleteClassroom(classroom.id);
  const [deleteAccounts, setDeleteAccounts] = useState(false);
  const leave = useRemoveFromClassroom(classroom.id);
  const isTeacher = classroom.role === 'teacher';
  const teacherName = `${classroom.teacher.first_name} ${classroom.teacher.last_name}`.trim();
  const details = [classroom.grade, classroom.subject, classroom.school].filter(Boolean);

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(classroom.join_code);
      notify(t('page.copied'), 'success');
    } catch {
      notify(`${t('page.joinCode')}: ${classroom.join_code}`, 'info');
    }
  };

  const act = async () => {
    const action = confirm;
    try {
      if (action === 'freeze' || action === 'unfreeze') {
        await freeze.mutateAsync(action === 'freeze');
        notify(t(action === 'freeze' ? 'page.frozenDone' : 'page.unfrozenDone'), 'success');
      } else if (action === 'delete') {
        await remove.mutateAsync(deleteAccounts);
        notify(t('page.deleted', { name: classroom.name }), 'success');
        navigate(classroomPaths.mine);
      } else if (action === 'leave' && user) {
        await leave.mutateAsync(user.id);
        notify(t('page.left', { name: classroom.name }), 'success');
        navigate(classroomPaths.mine);
      }
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setConfirm(null);
    }
  };

  const confirmWords: Record<Confirm, { title: string; text: string; label: string }> = {
    freeze: {
      title: t('confirm.freezeTitle', { name: classroom.name }),
      text: t('confirm.freezeText'),
      label: t('page.freeze'),
    },
    unfreeze: {
      title: t('confirm.unfreezeTitle', { name: classroom.name }),
      text: t('confirm.unfreezeText'),
      label: t('page.unfreeze'),
    },
    delete: {
      title: t('confirm.deleteTitle', { name: classroom.name }),
      text: t('confirm.deleteText'),
      label: t('page.delete'),
    },
    leave: {
      title: t('confirm.leaveTitle', { name: classroom.name }),
      text: t('confirm.leaveText'),
      label: t('page.leave'),
    },
  };
  const words = confirmWords[shown];

  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Button component={RouterLink} to={classroomPaths.mine} size="small" sx={{ mb: 1 }}>
        {t('page.back')}
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {classroom.name}
        </Typography>
        <Chip
          color={isTeacher ? 'primary' : 'default'}
          label={t(isTeacher ? 'mine.teacher' : 'mine.student')}
        />
        {classroom.frozen && <Chip color="warning" label={t('mine.frozen')} />}
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>
        {[t('page.taughtBy', { name: teacherName }), ...details].join(' · ')}
        {' · '}
        {t('mine.students', { count: classroom.students_count })}
      </Typography>
      {classroom.description && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', maxWidth: 760, overflowWrap: 'anywhere' }}>
          {classroom.description}
        </Typography>
      )}
      {classroom.frozen && (
        <Alert severity="warning" sx={{ mt: 2, maxWidth: 760 }}>
          {t('page.frozen')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            pl: 1.5,
          }}
        >
          <Typography component="span">
            {t('page.joinCode')}:{' '}
            <Box
              component="strong"
              data-testid="join-code"
              sx={{ fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: 1 }}
            >
              {classroom.join_code}
            </Box>
          </Typography>
          <Tooltip title={t('page.copyCode')}>
            <IconButton aria-label={t('page.copyCode')} onClick={() => void copyCode()}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        {isTeacher ? (
          <>
            <Button
              variant="outlined"
              onClick={() => setConfirm(classroom.frozen ? 'unfreeze' : 'freeze')}
            >
              {classroom.frozen ? t('page.unfreeze') : t('page.freeze')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
              {t('page.delete')}
            </Button>
          </>
        ) : (
          <Button variant="outlined" color="error" onClick={() => setConfirm('leave')}>
            {t('page.leave')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirm !== null}
        title={words.title}
        text={words.text}
        confirmLabel={words.label}
        danger={shown === 'delete' || shown === 'leave'}
        busy={freeze.isPending || remove.isPending || leave.isPending}
        onConfirm={() => void act()}
        onClose={() => setConfirm(null)}
      >
        {shown === 'delete' && (
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Checkbox
                checked={deleteAccounts}
                onChange={(event) => setDeleteAccounts(event.target.checked)}
              />
            }
            label={t('page.deleteAccountsToo')}
          />
        )}
      </ConfirmDialog>
    </Box>
  );
}

function ClassroomView({
  classroom,
  renderSections,
}: {
  classroom: Classroom;
  renderSections: (classroom: Classroom) => ReactNode;
}) {
  useDocumentTitle(classroom.name);
  return (
    <>
      <ClassroomHeader classroom={classroom} />
      {renderSections(classroom)}
    </>
  );
}

/**
 * /classroom/{id}: the class's header (join code, freeze, delete or leave) and, below it, the
 * class's sections, which the app composes from the features' panels (`renderSections`).
 */
export function ClassroomPage({
  classroomId,
  renderSections,
}: {
  classroomId: number;
  renderSections: (classroom: Classroom) => ReactNode;
}) {
  const { t } = useTranslation('classrooms');
  const classroom = useClassroom(classroomId);
  return (
    <PageContainer>
      {classroom.isPending ? (
        <>
          <Typography role="status" style={visuallyHidden}>
            {t('page.loading')}
          </Typography>
          <PageLoader />
        </>
      ) : classroom.isError ? (
        <>
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(classroom.error)}
          </Alert>
          <Button component={RouterLink} to={classroomPaths.mine} variant="contained">
            {t('page.back')}
          </Button>
        </>
      ) : (
        <ClassroomView classroom={classroom.data} renderSections={renderSections} />
      )}
    </PageContainer>
  );
}
