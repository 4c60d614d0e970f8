import { useId, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type {
  Gradebook,
  GradebookCell,
  GradebookFormat,
} from '@bullpen/contract/classroom-gradebook';
import type { Classroom } from '@bullpen/contract/classrooms';
import { AWARD_POINTS_MAX, AWARD_REASON_MAX, pointsAwardBody } from '@bullpen/contract/points';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { PageLoader } from '@/components/PageLoader.tsx';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  downloadGradebook,
  downloadStudentReport,
  useBulkAward,
  useBulkRemind,
  useGradebook,
  type GradebookFilters,
} from '../../api/gradebook-api.ts';
import { useClassroomCourses } from '../../api/lessons-api.ts';
import { rewardMessageSources } from '../rewards/RewardFormDialog.tsx';

/** The first column stays in view while the lessons scroll sideways (360 px screens). */
const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  minWidth: 180,
} as const;

const awardForm = pointsAwardBody.omit({ student: true }).extend({
  points: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    pointsAwardBody.shape.points,
  ),
});

function studentName(student: Gradebook['students'][number]): string {
  return `${student.first_name} ${student.last_name}`.trim() || student.username;
}

function CellText({ cell }: { cell: GradebookCell }) {
  const { t } = useTranslation('classrooms');
  const { dateTime } = useFormatters();
  if (cell.attempts === 0) {
    return (
      <>
        {t('gradebook.notStarted')}
        {cell.late && <LateMark />}
      </>
    );
  }
  return (
    <>
      {t('gradebook.scores', { best: cell.best_percent ?? 0, first: cell.first_percent ?? 0 })}
      <Typography
        variant="body2"
        component="span"
        sx={{ display: 'block', color: 'text.secondary' }}
      >
        {t('gradebook.attempts', { count: cell.attempts })}
        {' · '}
        {cell.completed_at
          ? t('gradebook.completedOn', { date: dateTime(cell.completed_at) })
          : t('gradebook.notCompleted')}
      </Typography>
      {cell.late && <LateMark />}
    </>
  );
}

function LateMark() {
  const { t } = useTranslation('classrooms');
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ display: 'block', color: 'error.dark', fontWeight: 600 }}
    >
      {t('gradebook.late')}
    </Typography>
  );
}

function BulkAwardDialog({
  classroomId,
  students,
  open,
  onClose,
  onDone,
}: {
  classroomId: number;
  students: number[];
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('classrooms');
  const titleId = useId();
  const award = useBulkAward(classroomId);
  const form = useZodForm(awardForm, {
    defaultValues: { points: '', reason: '' },
    messages: rewardMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    const result = await award.mutateAsync({ ...values, students });
    onDone(
      t('gradebook.awarded', {
        count: result.students.length,
        points: result.points,
        left: result.left_today,
      }),
    );
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {t('gradebook.awardTitle', { count: students.length })}
      </DialogTitle>
      <Form form={form} onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormAlert />
          <TextField
            name="points"
            label={t('gradebook.points')}
            hint={t('gradebook.pointsHint', { max: AWARD_POINTS_MAX })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
            autoFocus
          />
          <TextField
            name="reason"
            label={t('gradebook.reason')}
            hint={t('gradebook.reasonHint', { max: AWARD_REASON_MAX })}
            multiline
            minRows={2}
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('gradebook.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('gradebook.awardSubmit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function BulkRemindDialog({
  classroomId,
  students,
  lessons,
  open,
  onClose,
  onDone,
}: {
  classroomId: number;
  students: number[];
  lessons: Gradebook['lessons'];
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('classrooms');
  const titleId = useId();
  const remind = useBulkRemind(classroomId);
  const [lesson, setLesson] = useState<number | ''>('');
  const send = async () => {
    if (lesson === '') return;
    const result = await remind.mutateAsync({ lesson, students }).catch(() => null);
    if (result) onDone(t('gradebook.reminded', { count: result.in_app }));
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {t('gradebook.remindTitle', { count: students.length })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {remind.error && <Alert severity="error">{errorText(remind.error)}</Alert>}
        <Typography variant="body2">{t('gradebook.remindHint')}</Typography>
        <MuiTextField
          select
          label={t('gradebook.lesson')}
          value={lesson}
          onChange={(event) => setLesson(Number(event.target.value))}
          fullWidth
          sx={{ mt: 1 }}
        >
          {lessons.map((row) => (
            <MenuItem key={row.id} value={row.id}>
              {`${row.course.title}: ${row.title}`}
            </MenuItem>
          ))}
        </MuiTextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('gradebook.cancel')}</Button>
        <Button
          variant="contained"
          disabled={lesson === '' || remind.isPending}
          onClick={() => void send()}
        >
          {t('gradebook.remindSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The class's gradebook (its teacher's tab): students × the lessons enabled in the class, with
 * filters, CSV and XLSX downloads of what is shown, a report (PDF) per student, and actions on
 * the students selected: award points, remind of a lesson.
 */
/** The filters share a row on a wide screen and take one each on a phone. */
const FILTER_FIELD = { flex: '1 1 180px', maxWidth: { sm: 280 } } as const;

export function ClassroomGradebook({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('classrooms');
  const notify = useNotify();
  const courses = useClassroomCourses(classroom.id);
  const [filters, setFilters] = useState<GradebookFilters>({ course: null, from: '', to: '' });
  const book = useGradebook(classroom.id, filters);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<'award' | 'remind' | null>(null);
  const [busy, setBusy] = useState(false);

  const assignedCourses = (courses.data?.results ?? []).filter((course) =>
    course.lessons.some((lesson) => lesson.enabled),
  );
  const students = book.data?.students ?? [];
  const allSelected = students.length > 0 && students.every((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const download = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const done = (message: string) => {
    setDialog(null);
    notify(message, 'success');
  };
  const chosen = [...selected].filter((id) => students.some((row) => row.id === id));

  return (
    <Box component="section" aria-labelledby="gradebook-heading">
      <Typography id="gradebook-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {t('gradebook.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
        {t('gradebook.lead')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <MuiTextField
          select
          size="small"
          label={t('gradebook.course')}
          value={filters.course ?? ''}
          onChange={(event) =>
            setFilters({
              ...filters,
              course: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          sx={FILTER_FIELD}
        >
          <MenuItem value="">{t('gradebook.allCourses')}</MenuItem>
          {assignedCourses.map((course) => (
            <MenuItem key={course.id} value={course.id}>
              {course.title}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField
          type="date"
          size="small"
          label={t('gradebook.from')}
          value={filters.from}
          onChange={(event) => setFilters({ ...filters, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={FILTER_FIELD}
        />
        <MuiTextField
          type="date"
          size="small"
          label={t('gradebook.to')}
          value={filters.to}
          onChange={(event) => setFilters({ ...filters, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={FILTER_FIELD}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {(['csv', 'xlsx'] as GradebookFormat[]).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={busy || !book.data}
            onClick={() => void download(() => downloadGradebook(classroom.id, filters, format))}
          >
            {t(format === 'csv' ? 'gradebook.downloadCsv' : 'gradebook.downloadXlsx')}
          </Button>
        ))}
        <Button
          variant="contained"
          disabled={chosen.length === 0}
          onClick={() => setDialog('award')}
        >
          {t('gradebook.award', { count: chosen.length })}
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || (book.data?.lessons.length ?? 0) === 0}
          onClick={() => setDialog('remind')}
        >
          {t('gradebook.remind', { count: chosen.length })}
        </Button>
      </Box>
      {book.isError ? (
        <Alert severity="error">{errorText(book.error)}</Alert>
      ) : !book.data ? (
        <PageLoader />
      ) : students.length === 0 ? (
        <Alert severity="info">{t('gradebook.noStudents')}</Alert>
      ) : (
        <>
          {book.data.lessons.length === 0 && (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {t('gradebook.noLessons')}
            </Alert>
          )}
          <ScrollArrowsTable label={t('gradebook.table')} rowCount={students.length}>
            <Table size="small" stickyHeader aria-label={t('gradebook.table')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ ...stickyCell, zIndex: 3 }}>
                    <Checkbox
                      size="small"
                      checked={allSelected}
                      indeterminate={!allSelected && chosen.length > 0}
                      onChange={() =>
                        setSelected(
                          allSelected ? new Set() : new Set(students.map((row) => row.id)),
                        )
                      }
                      slotProps={{ input: { 'aria-label': t('gradebook.selectAll') } }}
                    />
                    {t('gradebook.student')}
                  </TableCell>
                  {book.data.lessons.map((lesson) => (
                    <TableCell key={lesson.id} sx={{ minWidth: 160 }}>
                      {lesson.title}
                      <Typography
                        variant="body2"
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {lesson.course.title}
                      </Typography>
                    </TableCell>
                  ))}
                  <TableCell>
                    <span style={visuallyHidden}>{t('gradebook.report')}</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {students.map((row) => (
                  <TableRow key={row.id} selected={selected.has(row.id)}>
                    <TableCell component="th" scope="row" sx={stickyCell}>
                      <Box sx={{ display: 'flex', alignItems: 'center' }}>
                        <Checkbox
                          size="small"
                          checked={selected.has(row.id)}
                          onChange={() => toggle(row.id)}
                          slotProps={{
                            input: {
                              'aria-label': t('gradebook.select', { name: studentName(row) }),
                            },
                          }}
                        />
                        <span>
                          {studentName(row)}
                          <Typography
                            variant="body2"
                            component="span"
                            sx={{ display: 'block', color: 'text.secondary' }}
                          >
                            {row.username}
                          </Typography>
                        </span>
                      </Box>
                    </TableCell>
                    {row.cells.map((cell) => (
                      <TableCell key={cell.lesson}>
                        <CellText cell={cell} />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() =>
                          void download(() => downloadStudentReport(classroom.id, row.id))
                        }
                        aria-label={t('gradebook.reportOf', { name: studentName(row) })}
                      >
                        {t('gradebook.report')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArrowsTable>
        </>
      )}
      {dialog === 'award' && (
        <BulkAwardDialog
          classroomId={classroom.id}
          students={chosen}
          open
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog === 'remind' && book.data && (
        <BulkRemindDialog
          classroomId={classroom.id}
          students={chosen}
          lessons={book.data.lessons}
          open
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
    </Box>
  );
}
