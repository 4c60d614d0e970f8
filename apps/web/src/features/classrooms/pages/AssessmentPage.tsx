import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { Classroom } from '@bullpen/contract/classrooms';
import { classroomPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useClassroomCourses,
  useMyClassrooms,
  useOverdueLessons,
  useStatistics,
} from '../api/lessons-api.ts';
import { gradesCsv, gradesFileName } from '../lessons-view.ts';
import { saveCsv } from '@/lib/save-file.ts';

function Loading({ error }: { error?: unknown }) {
  const { t } = useTranslation('assignments');
  return error ? (
    <Alert severity="error">{errorText(error)}</Alert>
  ) : (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={t('assessment.loading')} />
    </Box>
  );
}

const percentOrDash = (value: number | null, none: string) => (value === null ? none : `${value}%`);

function StatisticsSection({
  classroom,
  course,
  courseTitle,
}: {
  classroom: Classroom;
  course: number | null;
  courseTitle: string;
}) {
  const { t } = useTranslation('assignments');
  const { dateTime, number } = useFormatters();
  const statistics = useStatistics(classroom.id, course);
  const none = t('assessment.none');
  const exportCsv = () => {
    if (!statistics.data) return;
    const header = {
      username: t('assessment.columns.username'),
      firstName: t('assessment.columns.firstName'),
      lastName: t('assessment.columns.lastName'),
      completed: t('assessment.columns.completed'),
      lessons: t('assessment.columns.lessons'),
      average: t('assessment.columns.average'),
      firstAttempt: t('assessment.columns.firstAttempt'),
      best: t('assessment.columns.best'),
      attempts: t('assessment.columns.attempts'),
      earnedLessons: t('assessment.columns.earnedLessons'),
      earnedModules: t('assessment.columns.earnedModules'),
      earnedAwards: t('assessment.columns.earnedAwards'),
      earnedContests: t('assessment.columns.earnedContests'),
      earnedTotal: t('assessment.columns.earned'),
      points: t('assessment.columns.points'),
      lastActive: t('assessment.columns.lastActive'),
    };
    saveCsv(
      gradesCsv(statistics.data.results, statistics.data.lessons, { header }),
      gradesFileName(classroom.name, courseTitle),
    );
  };

  return (
    <Box component="section" aria-labelledby="assessment-statistics-heading" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1.5 }}>
        <Typography
          id="assessment-statistics-heading"
          variant="h2"
          sx={{ fontSize: '1.35rem', flexGrow: 1 }}
        >
          {t('assessment.statistics')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={!statistics.data || statistics.data.results.length === 0}
        >
          {t('assessment.export')}
        </Button>
      </Box>
      {!statistics.data ? (
        <Loading error={statistics.error} />
      ) : statistics.data.results.length === 0 ? (
        <Alert severity="info">{t('assessment.noStudents')}</Alert>
      ) : (
        <>
          {statistics.data.lessons === 0 && (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {t('assessment.noLessons')}
            </Alert>
          )}
          <ScrollArrowsTable
            label={t('assessment.statisticsTable')}
            rowCount={statistics.data.results.length}
          >
            <Table size="small" stickyHeader aria-label={t('assessment.statisticsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('assessment.columns.student')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.completed')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.average')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.firstAttempt')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.best')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.attempts')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.earned')}</TableCell>
                  <TableCell align="right">{t('assessment.columns.points')}</TableCell>
                  <TableCell>{t('assessment.columns.lastActive')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {statistics.data.results.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell component="th" scope="row">
                      {`${row.first_name} ${row.last_name}`.trim() || row.username}
                      <Typography
                        variant="body2"
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {row.username}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      {t('assessment.completedOf', {
                        completed: row.completed,
                        total: statistics.data.lessons,
                      })}
                    </TableCell>
                    <TableCell align="right">{percentOrDash(row.average_percent, none)}</TableCell>
                    <TableCell align="right">
                      {percentOrDash(row.first_attempt_percent, none)}
                    </TableCell>
                    <TableCell align="right">{percentOrDash(row.best_percent, none)}</TableCell>
                    <TableCell align="right">{number(row.attempts)}</TableCell>
                    <TableCell align="right">
                      {number(row.points_earned.total)}
                      <Typography
                        variant="body2"
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'nowrap' }}
                      >
                        {t('assessment.earnedBySource', {
                          lessons: number(row.points_earned.lessons),
                          modules: number(row.points_earned.modules),
                          awards: number(row.points_earned.awards),
                          contests: number(row.points_earned.contests),
                        })}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{number(row.points)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.last_active ? dateTime(row.last_active) : t('assessment.never')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArrowsTable>
        </>
      )}
    </Box>
  );
}

function OverdueSection({ classroom, course }: { classroom: Classroom; course: number | null }) {
  const { t } = useTranslation('assignments');
  const { dateTime } = useFormatters();
  const overdue = useOverdueLessons(classroom.id, course);
  const none = t('assessment.none');
  return (
    <Box component="section" aria-labelledby="assessment-overdue-heading">
      <Typography
        id="assessment-overdue-heading"
        variant="h2"
        sx={{ fontSize: '1.35rem', mb: 1.5 }}
      >
        {t('assessment.overdue')}
      </Typography>
      {!overdue.data ? (
        <Loading error={overdue.error} />
      ) : overdue.data.results.length === 0 ? (
        <Alert severity="success">{t('assessment.noOverdue')}</Alert>
      ) : (
        <ScrollArrowsTable
          label={t('assessment.overdueTable')}
          rowCount={overdue.data.results.length}
        >
          <Table size="small" stickyHeader aria-label={t('assessment.overdueTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('assessment.columns.student')}</TableCell>
                <TableCell>{t('assessment.columns.lesson')}</TableCell>
                <TableCell>{t('assessment.columns.course')}</TableCell>
                <TableCell>{t('assessment.columns.due')}</TableCell>
                <TableCell align="right">{t('assessment.columns.best')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {overdue.data.results.map((row) => (
                <TableRow key={`${row.student.id}-${row.lesson.id}`}>
                  <TableCell component="th" scope="row">
                    {`${row.student.first_name} ${row.student.last_name}`.trim() ||
                      row.student.username}
                  </TableCell>
                  <TableCell>{row.lesson.title}</TableCell>
                  <TableCell>{row.lesson.course}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(row.due_at)}</TableCell>
                  <TableCell align="right">{percentOrDash(row.best_percent, none)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArrowsTable>
      )}
    </Box>
  );
}

function ClassAssessment({ classrooms }: { classrooms: Classroom[] }) {
  const { t } = useTranslation('assignments');
  const [classroomId, setClassroomId] = useState(classrooms[0]!.id);
  const classroom = classrooms.find((row) => row.id === classroomId) ?? classrooms[0]!;
  const courses = useClassroomCourses(classroom.id);
  const [chosenCourse, setChosenCourse] = useState<number | null>(null);
  // The first course with an assigned lesson, until the teacher picks one.
  const firstAssigned =
    courses.data?.results.find((course) => course.lessons.some((lesson) => lesson.enabled)) ??
    courses.data?.results[0];
  const course = chosenCourse ?? firstAssigned?.id ?? null;
  const courseTitle =
    courses.data?.results.find((row) => row.id === course)?.title ?? t('assessment.allCourses');

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <TextField
          id="assessment-classroom"
          select
          size="small"
          label={t('assessment.classroom')}
          value={String(classroom.id)}
          onChange={(event) => {
            setClassroomId(Number(event.target.value));
            setChosenCourse(null);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 240px', minWidth: 0 }}
        >
          {classrooms.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </TextField>
        <TextField
          id="assessment-course"
          select
          size="small"
          label={t('assessment.course')}
          value={course === null ? '' : String(course)}
          disabled={!courses.data}
          onChange={(event) =>
            setChosenCourse(event.target.value === '' ? null : Number(event.target.value))
          }
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 240px', minWidth: 0 }}
        >
          {(courses.data?.results ?? []).map((row) => (
            <option key={row.id} value={row.id}>
              {row.title}
            </option>
          ))}
        </TextField>
      </Box>
      {courses.error ? (
        <Loading error={courses.error} />
      ) : !courses.data ? (
        <Loading />
      ) : (
        <>
          <StatisticsSection classroom={classroom} course={course} courseTitle={courseTitle} />
          <OverdueSection classroom={classroom} course={course} />
        </>
      )}
    </>
  );
}

/** /assessment (Admin, teachers only): each class's statistics by course, overdue lessons, CSV. */
export function Component() {
  const { t } = useTranslation('assignments');
  useDocumentTitle(t('assessment.title'));
  const { user } = useSession();
  const teacher = user?.is_teacher === true;
  const classrooms = useMyClassrooms();
  const taught = classrooms.data?.results.filter((row) => row.role === 'teacher');

  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('assessment.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: '70ch' }}>
        {t('assessment.lead')}
      </Typography>
      {!teacher ? (
        <Alert severity="info">{t('assessment.teachersOnly')}</Alert>
      ) : !taught ? (
        <Loading error={classrooms.error} />
      ) : taught.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={classroomPaths.create} color="inherit">
              {t('assessment.create')}
            </Button>
          }
        >
          {t('assessment.noClasses')}
        </Alert>
      ) : (
        <ClassAssessment classrooms={taught} />
      )}
    </PageContainer>
  );
}
