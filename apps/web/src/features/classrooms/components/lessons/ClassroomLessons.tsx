import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useTranslation } from 'react-i18next';
import type {
  ClassroomCourse,
  ClassroomLesson,
  LessonStatus,
} from '@bullpen/contract/classroom-lessons';
import type { Classroom } from '@bullpen/contract/classrooms';
import { learnPaths } from '@bullpen/contract/routes';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  useClassroomCourses,
  useEnableLessons,
  useRemindLesson,
  useUpdateLesson,
} from '../../api/lessons-api.ts';
import { isoOfLocalInput, localInputValue } from '../../lessons-view.ts';

const statusColor: Record<LessonStatus, 'default' | 'success' | 'error'> = {
  not_started: 'default',
  in_progress: 'default',
  done: 'success',
  overdue: 'error',
};

/** One lesson of a course in the list: its title and facts, then its controls. */
const lessonRow = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1.5,
  py: 1.5,
  borderTop: 1,
  borderColor: 'divider',
} as const;

/**
 * A picked or typed due date is saved once the field has been still this long (or at once on
 * Enter or leaving the field): a date input reports every complete value while the year is
 * typed digit by digit, and a teacher who leaves the page right after typing keeps the date.
 */
const SAVE_DUE_DATE_AFTER_MS = 800;

/** One lesson for the teacher: assign it, set its due date, remind the students behind. */
function TeacherLessonRow({
  classroomId,
  lesson,
}: {
  classroomId: number;
  lesson: ClassroomLesson;
}) {
  const { t } = useTranslation('assignments');
  const { dateTime } = useFormatters();
  const notify = useNotify();
  const enable = useEnableLessons(classroomId);
  const update = useUpdateLesson(classroomId);
  const remind = useRemindLesson(classroomId);
  const saved = localInputValue(lesson.due_at);
  const [draft, setDraft] = useState<string | null>(null);
  /** A date in the past, waiting for the teacher to confirm it. */
  const [pastDate, setPastDate] = useState<string | null>(null);
  const value = draft ?? saved;
  const busy = enable.isPending || update.isPending;
  const onError = (error: unknown) => notify(errorText(error), 'error');

  const toggle = (checked: boolean) => {
    if (checked) {
      enable.mutate(
        { lessons: [lesson.id], ...(value ? { due_at: isoOfLocalInput(value) } : {}) },
        { onError },
      );
    } else {
      update.mutate({ lessonId: lesson.id, body: { enabled: false } }, { onError });
    }
  };

  const saveDueDate = (next: string) =>
    update.mutate(
      { lessonId: lesson.id, body: { due_at: isoOfLocalInput(next) } },
      {
        onSuccess: () => {
          setDraft(null);
          notify(t('lessons.dueDateSaved'), 'success');
        },
        onError,
      },
    );

  const isPast = (next: string) => {
    const due = isoOfLocalInput(next);
    return due !== null && Date.parse(due) < Date.now();
  };

  /** Saves the typed date, after asking when it has already passed. */
  const commitDueDate = () => {
    if (draft === null || draft === saved || update.isPending || pastDate !== null) return;
    if (isPast(draft)) setPastDate(draft);
    else saveDueDate(draft);
  };

  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(commitDueDate, SAVE_DUE_DATE_AFTER_MS);
    return () => clearTimeout(timer);
  });

  // Leaving the page before the field is still saves the date too (one in the past needs
  // the dialog, so it is dropped).
  const saveOnLeave = useRef<(() => void) | null>(null);
  useEffect(() => {
    saveOnLeave.current =
      draft !== null && draft !== saved && !isPast(draft) ? () => saveDueDate(draft) : null;
  });
  useEffect(() => () => saveOnLeave.current?.(), []);

  const sendReminder = () =>
    remind.mutate(lesson.id, {
      // Not green when nobody was reached: there is nothing to celebrate.
      onSuccess: ({ mailed, in_app: inApp }) =>
        mailed + inApp === 0
          ? notify(t('lessons.remindedNobody'), 'warning')
          : notify(t('lessons.remindedCounts', { mailed, inApp }), 'success'),
      onError,
    });

  return (
    <Box component="li" sx={lessonRow}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {lesson.order}. {lesson.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {lesson.sub_title}
        </Typography>
        {lesson.reminded_at && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lessons.lastReminder', { date: dateTime(lesson.reminded_at) })}
          </Typography>
        )}
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={lesson.enabled}
            disabled={busy}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{
              input: { 'aria-label': t('lessons.assignLabel', { title: lesson.title }) },
            }}
          />
        }
        label={t('lessons.assign')}
      />
      <TextField
        type="datetime-local"
        size="small"
        label={t('lessons.dueDate')}
        value={value}
        disabled={!lesson.enabled || busy}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commitDueDate}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitDueDate();
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': t('lessons.dueDateLabel', { title: lesson.title }) },
        }}
        sx={{ width: { xs: '100%', sm: 240 } }}
      />
      <ConfirmDialog
        open={pastDate !== null}
        title={t('lessons.pastDueTitle')}
        text={t('lessons.pastDueText', {
          date: pastDate ? dateTime(isoOfLocalInput(pastDate) ?? '') : '',
          title: lesson.title,
        })}
        confirmLabel={t('lessons.pastDueConfirm')}
        onConfirm={() => {
          if (pastDate !== null) saveDueDate(pastDate);
          setPastDate(null);
        }}
        onClose={() => {
          setPastDate(null);
          setDraft(null);
        }}
      />
      <Button
        variant="outlined"
        startIcon={<NotificationsActiveIcon />}
        disabled={!lesson.enabled || remind.isPending}
        onClick={sendReminder}
        aria-label={t('lessons.remindLabel', { title: lesson.title })}
      >
        {t('lessons.remind')}
      </Button>
    </Box>
  );
}

/**
 * A course for the teacher, folded by default unless it is the first or has assigned lessons:
 * twelve courses of five to eight lessons are a long page on a phone.
 */
function TeacherCourse({
  classroomId,
  course,
  first,
}: {
  classroomId: number;
  course: ClassroomCourse;
  first: boolean;
}) {
  const { t } = useTranslation('assignments');
  const assigned = course.lessons.filter((lesson) => lesson.enabled).length;
  const headingId = `classroom-course-${course.id}`;
  return (
    <Accordion
      component="section"
      variant="outlined"
      disableGutters
      defaultExpanded={first || assigned > 0}
      aria-labelledby={headingId}
      slotProps={{ heading: { component: 'h3' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={headingId}
        aria-controls={`${headingId}-lessons`}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
          <Typography component="span" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {course.title}
          </Typography>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lessons.lessonCount', { count: course.lessons.length })} ·{' '}
            {t('lessons.assignedCount', { count: assigned })}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-lessons`} sx={{ pt: 0 }}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {course.lessons.map((lesson) => (
            <TeacherLessonRow key={lesson.id} classroomId={classroomId} lesson={lesson} />
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

function StudentCourse({ course }: { course: ClassroomCourse }) {
  const { t } = useTranslation('assignments');
  const { dateTime } = useFormatters();
  const headingId = `classroom-course-${course.id}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.15rem' }}>
        {course.title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
        {course.lessons.map((lesson) => (
          <Box component="li" key={lesson.id} sx={lessonRow}>
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{lesson.title}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {lesson.due_at
                  ? t('lessons.due', { date: dateTime(lesson.due_at) })
                  : t('lessons.noDueDate')}
                {lesson.best_percent !== null &&
                  ` · ${t('lessons.best', { percent: `${lesson.best_percent}%` })}`}
              </Typography>
            </Box>
            {lesson.status && (
              <Chip
                label={t(`lessons.status.${lesson.status}`)}
                color={statusColor[lesson.status]}
                variant={lesson.status === 'not_started' ? 'outlined' : 'filled'}
              />
            )}
            <Button
              component={RouterLink}
              to={learnPaths.lesson(lesson.id)}
              variant={lesson.status === 'done' ? 'text' : 'contained'}
              aria-label={t('lessons.openLabel', { title: lesson.title })}
            >
              {t('lessons.open')}
            </Button>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * The class's lessons. The teacher assigns lessons of any course, sets due dates and reminds
 * the students behind; a student sees the lessons assigned, their due dates and their status.
 */
export function ClassroomLessons({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('assignments');
  const courses = useClassroomCourses(classroom.id);
  const teacher = classroom.role === 'teacher';

  return (
    <Box component="section" aria-labelledby="classroom-lessons-heading">
      <Typography id="classroom-lessons-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {t('lessons.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>
        {teacher ? t('lessons.teacherLead') : t('lessons.studentLead')}
      </Typography>
      {!courses.data ? (
        courses.error ? (
          <Alert severity="error">{errorText(courses.error)}</Alert>
        ) : (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('lessons.loading')} />
          </Box>
        )
      ) : courses.data.results.length === 0 ? (
        <Alert severity="info">{teacher ? t('lessons.noCourses') : t('lessons.none')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {courses.data.results.map((course, index) =>
            teacher ? (
              <TeacherCourse
                key={course.id}
                classroomId={classroom.id}
                course={course}
                first={index === 0}
              />
            ) : (
              <StudentCourse key={course.id} course={course} />
            ),
          )}
        </Box>
      )}
    </Box>
  );
}
