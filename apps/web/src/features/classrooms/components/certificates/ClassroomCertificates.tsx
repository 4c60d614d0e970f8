import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Candidate, Certificate, GrantResult } from '@bullpen/contract/certificates';
import type { Classroom } from '@bullpen/contract/classrooms';
import { classroomPaths } from '@bullpen/contract/routes';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  downloadCertificatePdf,
  useCandidates,
  useCertificateCourses,
  useGrantCertificates,
  useMyCertificates,
  useRecipients,
} from '../../api/certificates-api.ts';

function useLongDate() {
  const format = useFormatters();
  return (instant: string) =>
    new Intl.DateTimeFormat(format.locale, { dateStyle: 'long' }).format(new Date(instant));
}

function DownloadButton({ certificate, label }: { certificate: Certificate; label: string }) {
  const { t } = useTranslation('certificates');
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      aria-label={label}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCertificatePdf(certificate);
        } catch (error) {
          notify(errorText(error), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('download')}
    </Button>
  );
}

/** One certificate as a card: readable at 360 px, the code never cut. */
function CertificateCard({
  certificate,
  showStudent,
}: {
  certificate: Certificate;
  showStudent: boolean;
}) {
  const { t } = useTranslation('certificates');
  const longDate = useLongDate();
  const title = showStudent
    ? t('cardTitle', { student: certificate.student.name, course: certificate.course.title })
    : certificate.course.title;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('grantedOn', { date: longDate(certificate.granted_at) })}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('code')}:{' '}
        <Box component="code" sx={{ fontWeight: 600 }}>
          {certificate.code}
        </Box>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <DownloadButton certificate={certificate} label={t('downloadFor', { title })} />
        <Link component={RouterLink} to={classroomPaths.certificate(certificate.code)}>
          {t('verifyLink')}
        </Link>
      </Stack>
    </Paper>
  );
}

function CertificateList({
  certificates,
  showStudent,
}: {
  certificates: Certificate[];
  showStudent: boolean;
}) {
  return (
    <Box
      component="ul"
      sx={{
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {certificates.map((certificate) => (
        <CertificateCard
          key={certificate.code}
          certificate={certificate}
          showStudent={showStudent}
        />
      ))}
    </Box>
  );
}

function grantSummary(result: GrantResult, t: TFunction<'certificates'>): string {
  const parts = [t('granted', { count: result.granted.length })];
  if (result.already_granted.length > 0) {
    parts.push(t('alreadyGranted', { count: result.already_granted.length }));
  }
  if (result.not_completed.length > 0) {
    parts.push(
      t('notCompleted', {
        count: result.not_completed.length,
        names: result.not_completed.map((student) => student.name).join(', '),
      }),
    );
  }
  return parts.join(' ');
}

function StatusChip({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation('certificates');
  if (candidate.certificate) {
    return <Chip size="small" color="success" label={t('status.granted')} />;
  }
  if (candidate.completed) {
    return <Chip size="small" color="primary" label={t('status.completed')} />;
  }
  return <Chip size="small" variant="outlined" label={t('status.notCompleted')} />;
}

function GrantPanel({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('certificates');
  const notify = useNotify();
  const courses = useCertificateCourses(true);
  const [courseId, setCourseId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const candidates = useCandidates(classroom.id, courseId);
  const grant = useGrantCertificates(classroom.id);
  const [result, setResult] = useState<string | null>(null);

  const students = candidates.data?.students ?? [];
  const grantable = students.filter((student) => student.completed && !student.certificate);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = grantable.filter((student) => selected.has(student.id));

  return (
    <Box>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('grantTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('grantHelp')}
      </Typography>
      {courses.isError && <Alert severity="error">{errorText(courses.error)}</Alert>}
      <TextField
        select
        label={t('course')}
        value={courseId ?? ''}
        onChange={(event) => {
          setCourseId(Number(event.target.value));
          setSelected(new Set());
          setResult(null);
        }}
        sx={{ minWidth: { xs: '100%', sm: 320 }, mb: 2 }}
        disabled={!courses.data}
      >
        {(courses.data?.results ?? []).map((course) => (
          <MenuItem key={course.id} value={course.id}>
            {course.title}
          </MenuItem>
        ))}
      </TextField>

      {courseId !== null && candidates.isPending && (
        <Box role="status" sx={{ py: 2 }}>
          <CircularProgress size={24} aria-label={t('loading')} />
        </Box>
      )}
      {candidates.isError && <Alert severity="error">{errorText(candidates.error)}</Alert>}
      {candidates.data && students.length === 0 && <Typography>{t('noStudents')}</Typography>}
      {candidates.data && students.length > 0 && (
        <>
          <Box
            component="ul"
            sx={{ p: 0, m: 0, listStyle: 'none' }}
            aria-label={t('studentsLabel')}
          >
            {students.map((student) => {
              const canGrant = student.completed && !student.certificate;
              return (
                <Box
                  component="li"
                  key={student.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    py: 0.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <FormControlLabel
                    sx={{ flex: '1 1 200px', mr: 0 }}
                    control={
                      <Checkbox
                        checked={canGrant && selected.has(student.id)}
                        disabled={!canGrant}
                        onChange={() => toggle(student.id)}
                      />
                    }
                    label={
                      <span>
                        {student.name}{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {t('progress', {
                            completed: student.completed_lessons,
                            total: candidates.data.course.lessons_count,
                          })}
                        </Typography>
                      </span>
                    }
                  />
                  <StatusChip candidate={student} />
                </Box>
              );
            })}
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="text"
              disabled={grantable.length === 0}
              onClick={() => setSelected(new Set(grantable.map((student) => student.id)))}
            >
              {t('selectAll')}
            </Button>
            <Button
              variant="contained"
              disabled={chosen.length === 0 || grant.isPending}
              onClick={() =>
                grant.mutate(
                  { course: courseId!, students: chosen.map((student) => student.id) },
                  {
                    onSuccess: (outcome) => {
                      const summary = grantSummary(outcome, t);
                      setResult(summary);
                      setSelected(new Set());
                      notify(summary, 'success');
                    },
                    onError: (error) => notify(errorText(error), 'error'),
                  },
                )
              }
            >
              {t('grant', { count: chosen.length })}
            </Button>
          </Stack>
          {result && (
            <Alert severity="info" sx={{ mt: 2 }} role="status">
              {result}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}

function TeacherCertificates({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('certificates');
  const recipients = useRecipients(classroom.id, true);
  return (
    <Stack spacing={4}>
      <GrantPanel classroom={classroom} />
      <Box>
        <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
          {t('recipientsTitle')}
        </Typography>
        {recipients.isError && <Alert severity="error">{errorText(recipients.error)}</Alert>}
        {recipients.data && recipients.data.results.length === 0 && (
          <Typography>{t('noRecipients')}</Typography>
        )}
        {recipients.data && recipients.data.results.length > 0 && (
          <CertificateList certificates={recipients.data.results} showStudent />
        )}
      </Box>
    </Stack>
  );
}

function StudentCertificates({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('certificates');
  const mine = useMyCertificates(classroom.id, true);
  return (
    <Box>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('mineTitle')}
      </Typography>
      {mine.isError && <Alert severity="error">{errorText(mine.error)}</Alert>}
      {mine.data && mine.data.results.length === 0 && <Typography>{t('noneYet')}</Typography>}
      {mine.data && mine.data.results.length > 0 && (
        <CertificateList certificates={mine.data.results} showStudent={false} />
      )}
    </Box>
  );
}

/** The class's certificates: the teacher grants and lists them; a student sees theirs. */
export function ClassroomCertificates({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('certificates');
  return (
    <Box component="section" aria-labelledby="classroom-certificates-title">
      <Typography id="classroom-certificates-title" component="h2" variant="h5" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {classroom.role === 'teacher' ? (
        <TeacherCertificates classroom={classroom} />
      ) : (
        <StudentCertificates classroom={classroom} />
      )}
    </Box>
  );
}
