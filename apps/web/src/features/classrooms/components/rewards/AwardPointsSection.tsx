import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { Classroom, ClassroomStudent } from '@bullpen/contract/classrooms';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useClassroomStudents } from '../../api/classrooms-api.ts';
import { AwardPointsDialog } from './AwardPointsDialog.tsx';

const fullName = (student: { first_name: string; last_name: string }) =>
  `${student.first_name} ${student.last_name}`.trim();

/**
 * The Rewards tab's "Award points": one button per student of the class, each opening the
 * dialog; for a teacher waiting for approval, a line saying when they can instead.
 */
export function AwardPointsSection({
  classroom,
  trusted,
}: {
  classroom: Classroom;
  trusted: boolean;
}) {
  const { t } = useTranslation('redeem');
  const notify = useNotify();
  const students = useClassroomStudents(classroom.id, trusted);
  const [awarding, setAwarding] = useState<ClassroomStudent | null>(null);
  const list = students.data?.results ?? [];
  return (
    <Box component="section" aria-labelledby="award-points-heading" sx={{ mb: 4 }}>
      <Typography id="award-points-heading" variant="h2" sx={{ mb: 1 }}>
        {t('award.heading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>
        {t('award.lead')}
      </Typography>
      {!trusted ? (
        <Typography sx={{ fontWeight: 600 }}>{t('trust.awardWaiting')}</Typography>
      ) : students.isPending ? (
        <Typography role="status">{t('award.loading')}</Typography>
      ) : students.isError ? (
        <Alert severity="error">{errorText(students.error)}</Alert>
      ) : list.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('award.noStudents')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="award-points-heading"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {list.map((student) => (
            <li key={student.id}>
              <Button
                variant="outlined"
                size="small"
                disabled={classroom.frozen}
                startIcon={<VolunteerActivismIcon />}
                aria-label={t('award.openLabel', { name: fullName(student) })}
                onClick={() => setAwarding(student)}
                sx={{ maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
              >
                {fullName(student) || student.username}
              </Button>
            </li>
          ))}
        </Box>
      )}
      {awarding && (
        <AwardPointsDialog
          key={awarding.id}
          classroomId={classroom.id}
          student={{ id: awarding.id, name: fullName(awarding) }}
          open
          onClose={() => setAwarding(null)}
          onAwarded={(points, leftToday) => {
            notify(
              t('award.done', { count: points, name: fullName(awarding), left: leftToday }),
              'success',
            );
            setAwarding(null);
          }}
        />
      )}
    </Box>
  );
}
