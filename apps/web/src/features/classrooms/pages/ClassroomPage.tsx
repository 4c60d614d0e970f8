import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { Classroom } from '@bullpen/contract/classrooms';
import { classroomPaths, NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useRouteParams } from '@/lib/route-params.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useClassroom,
  useDeleteClassroom,
  useFreezeClassroom,
  useRemoveFromClassroom,
} from '../api/classrooms-api.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ClassroomLessons } from '../components/lessons/ClassroomLessons.tsx';

/*
 * Lessons, the first tab, comes with the page; each other tab's code loads when it is opened:
 * the résumés' rich-text editor (tiptap and ProseMirror), the board, the students' tables and
 * the rewards' forms were all in the page's first load, whichever tab was shown.
 */
const DiscussionBoard = lazy(() =>
  import('../components/board/DiscussionBoard.tsx').then((module) => ({
    default: module.DiscussionBoard,
  })),
);
const ClassroomCertificates = lazy(() =>
  import('../components/certificates/ClassroomCertificates.tsx').then((module) => ({
    default: module.ClassroomCertificates,
  })),
);
const ClassroomContests = lazy(() =>
  import('../components/contests/ClassroomContests.tsx').then((module) => ({
    default: module.ClassroomContests,
  })),
);
const ClassroomResumes = lazy(() =>
  import('../components/resumes/ClassroomResumes.tsx').then((module) => ({
    default: module.ClassroomResumes,
  })),
);
const ClassroomRewards = lazy(() =>
  import('../components/rewards/ClassroomRewards.tsx').then((module) => ({
    default: module.ClassroomRewards,
  })),
);
const ClassroomStudents = lazy(() =>
  import('../components/students/ClassroomStudents.tsx').then((module) => ({
    default: module.ClassroomStudents,
  })),
);

type Section = {
  key: 'lessons' | 'students' | 'board' | 'resumes' | 'certificates' | 'contests' | 'rewards';
  teacherOnly?: boolean;
  render: (classroom: Classroom) => ReactNode;
};

/** The class's sections, each built by its own area; Students is the teacher's alone. */
const SECTIONS: Section[] = [
  { key: 'lessons', render: (classroom) => <ClassroomLessons classroom={classroom} /> },
  {
    key: 'students',
    teacherOnly: true,
    render: (classroom) => <ClassroomStudents classroom={classroom} />,
  },
  { key: 'board', render: (classroom) => <DiscussionBoard classroom={classroom} /> },
  { key: 'resumes', render: (classroom) => <ClassroomResumes classroom={classroom} /> },
  { key: 'certificates', render: (classroom) => <ClassroomCertificates classroom={classroom} /> },
  { key: 'contests', render: (classroom) => <ClassroomContests classroom={classroom} /> },
  { key: 'rewards', render: (classroom) => <ClassroomRewards classroom={classroom} /> },
];

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

function ClassroomView({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('classrooms');
  useDocumentTitle(classroom.name);
  const [params, setParams] = useSearchParams();
  const sections = SECTIONS.filter(
    (section) => !section.teacherOnly || classroom.role === 'teacher',
  );
  const current = sections.find((section) => section.key === params.get('tab')) ?? sections[0]!;
  return (
    <>
      <ClassroomHeader classroom={classroom} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.key}
          onChange={(_event, key: string) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('page.sections')}
        >
          {sections.map((section) => (
            <Tab
              key={section.key}
              value={section.key}
              label={t(`tabs.${section.key}`)}
              id={`classroom-tab-${section.key}`}
              aria-controls={`classroom-panel-${section.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`classroom-panel-${current.key}`}
        aria-labelledby={`classroom-tab-${current.key}`}
      >
        <Suspense fallback={<PageLoader />}>{current.render(classroom)}</Suspense>
      </Box>
    </>
  );
}

/** /classroom/{id}: the class's header and its sections as tabs (`?tab=`). */
export function ClassroomPage() {
  const { t } = useTranslation('classrooms');
  const params = useRouteParams('id');
  const classroom = useClassroom(params?.id ?? 0);
  if (!params) return <Navigate to={NOT_FOUND_PATH} replace />;
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
        <ClassroomView classroom={classroom.data} />
      )}
    </PageContainer>
  );
}

export const Component = ClassroomPage;
