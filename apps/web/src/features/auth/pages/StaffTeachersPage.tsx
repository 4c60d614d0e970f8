import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  STAFF_TEACHERS_PAGE_SIZE,
  TEACHER_TRUST_STATUSES,
  type StaffTeacher,
  type TeacherTrustStatus,
} from '@bullpen/contract/users';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { useSetTeacherTrust, useStaffTeachers } from '../api/staff-teachers-api.ts';

const fullName = (teacher: StaffTeacher) =>
  `${teacher.first_name} ${teacher.last_name}`.trim() || teacher.username;

function TeacherCard({
  teacher,
  busy,
  onApprove,
  onRevoke,
}: {
  teacher: StaffTeacher;
  busy: boolean;
  onApprove: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation('auth');
  const format = useFormatters();
  const name = fullName(teacher);
  const headingId = `teacher-${teacher.id}-heading`;
  const trustedLine =
    teacher.trusted_at === null
      ? null
      : teacher.trusted_by === null
        ? t('staffTeachers.trustedByDomain', { date: format.dateTime(teacher.trusted_at) })
        : t('staffTeachers.trustedBy', {
            date: format.dateTime(teacher.trusted_at),
            staff: teacher.trusted_by,
          });
  return (
    <Card component="li" variant="outlined" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            sx={{ mr: 1, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Chip
            size="small"
            color={teacher.email_verified ? 'success' : 'warning'}
            variant="outlined"
            label={t(
              teacher.email_verified ? 'staffTeachers.verified' : 'staffTeachers.unverified',
            )}
          />
        </Box>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {teacher.email} · {teacher.username}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('staffTeachers.joined', { date: format.dateTime(teacher.joined_at) })}
          {trustedLine && ` · ${trustedLine}`}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {teacher.trusted_at === null ? (
          <Button
            variant="contained"
            onClick={onApprove}
            disabled={busy}
            aria-label={t('staffTeachers.approveLabel', { name })}
          >
            {t('staffTeachers.approve')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            color="error"
            onClick={onRevoke}
            disabled={busy}
            aria-label={t('staffTeachers.revokeLabel', { name })}
          >
            {t('staffTeachers.revoke')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * Staff approve teachers here (docs/decisions/028): a teacher awards points and defines rewards
 * only once trusted. Pending sign-ups come newest first; trusted ones can lose the trust.
 */
export function StaffTeachersPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('staffTeachers.title'));
  const { user } = useSession();
  const staff = Boolean(user?.is_staff);
  const notify = useNotify();
  const [status, setStatus] = useState<TeacherTrustStatus>('pending');
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<StaffTeacher | null>(null);
  const teachers = useStaffTeachers(status, page, staff);
  const setTrust = useSetTeacherTrust();
  const paginationLabels = usePaginationLabels();

  const change = async (teacher: StaffTeacher, trusted: boolean) => {
    try {
      await setTrust.mutateAsync({ id: teacher.id, trusted });
      notify(
        t(trusted ? 'staffTeachers.approved' : 'staffTeachers.revoked', {
          name: fullName(teacher),
        }),
        'success',
      );
      // The last one of a page moved to the other list: show the page before it.
      if (teachers.data?.results.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  return (
    <PageContainer maxWidth={960}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('staffTeachers.title')}
      </Typography>
      {!staff ? (
        <Alert severity="warning">{t('staffTeachers.forbidden')}</Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: '70ch' }}>
            {t('staffTeachers.lead')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            aria-label={t('staffTeachers.filter')}
            onChange={(_event, next: TeacherTrustStatus | null) => {
              if (!next) return;
              setStatus(next);
              setPage(1);
            }}
            sx={{ mb: 3 }}
          >
            {TEACHER_TRUST_STATUSES.map((value) => (
              <ToggleButton key={value} value={value}>
                {t(`staffTeachers.filters.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {teachers.isPending ? (
            <PageLoader />
          ) : teachers.isError ? (
            <Alert severity="error">
              {t('staffTeachers.loadError')} {errorText(teachers.error)}
            </Alert>
          ) : teachers.data.results.length === 0 ? (
            <Typography>{t(`staffTeachers.empty.${status}`)}</Typography>
          ) : (
            <>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {teachers.data.results.map((teacher) => (
                  <TeacherCard
                    key={teacher.id}
                    teacher={teacher}
                    busy={setTrust.isPending}
                    onApprove={() => void change(teacher, true)}
                    onRevoke={() => setRevoking(teacher)}
                  />
                ))}
              </Box>
              <TablePagination
                component="div"
                count={teachers.data.count}
                page={page - 1}
                rowsPerPage={STAFF_TEACHERS_PAGE_SIZE}
                rowsPerPageOptions={[]}
                onPageChange={(_event, next) => setPage(next + 1)}
                {...paginationLabels}
              />
            </>
          )}
          <ConfirmDialog
            open={revoking !== null}
            title={t('staffTeachers.revokeTitle', { name: revoking ? fullName(revoking) : '' })}
            text={t('staffTeachers.revokeText')}
            confirmLabel={t('staffTeachers.revoke')}
            danger
            busy={setTrust.isPending}
            onConfirm={() => {
              const teacher = revoking;
              setRevoking(null);
              if (teacher) void change(teacher, false);
            }}
            onClose={() => setRevoking(null)}
          />
        </>
      )}
    </PageContainer>
  );
}

export const Component = StaffTeachersPage;
