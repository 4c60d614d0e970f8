import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import StarsIcon from '@mui/icons-material/Stars';
import type { Classroom } from '@bullpen/contract/classrooms';
import { CLASSROOM_REWARDS_MAX, type Reward } from '@bullpen/contract/rewards';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useClassroomRewards, useRemoveClassroomReward } from '../../api/classroom-rewards-api.ts';
import { useRewardRequestsUpdates } from '../../hooks/use-reward-requests-updates.ts';
import { useTeacherTrusted } from '../../hooks/use-teacher-trusted.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { AwardPointsSection } from './AwardPointsSection.tsx';
import { RewardFormDialog } from './RewardFormDialog.tsx';
import { RewardRequests } from './RewardRequests.tsx';
import { TeacherTrustNotice } from './TeacherTrustNotice.tsx';
import { rowCardSx, rowTextSx } from '../row-card.ts';

/** The redeem page, where students spend their points. */
const REDEEM_PATH = '/redeem';

function RewardRow({
  reward,
  onEdit,
  onRemove,
}: {
  reward: Reward;
  /** Absent for a teacher waiting for approval: only taking a reward off sale is left. */
  onEdit?: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  return (
    <Paper component="li" variant="outlined" data-testid="class-reward" sx={rowCardSx}>
      <Box sx={rowTextSx}>
        <Typography sx={{ fontWeight: 600 }}>{reward.name}</Typography>
        {reward.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {reward.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ fontWeight: 700, color: '#6b4a00' }}>
          {t('catalogue.cost', { count: reward.cost, points: format.number(reward.cost) })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {onEdit && (
          <Button
            size="small"
            variant="outlined"
            aria-label={t('teacher.editLabel', { name: reward.name })}
            onClick={onEdit}
          >
            {t('teacher.edit')}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          color="error"
          aria-label={t('teacher.removeLabel', { name: reward.name })}
          onClick={onRemove}
        >
          {t('teacher.remove')}
        </Button>
      </Box>
    </Paper>
  );
}

function TeacherRewards({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('redeem');
  const notify = useNotify();
  const trusted = useTeacherTrusted();
  // The teacher's own channel: this view is the teacher's.
  useRewardRequestsUpdates(classroom.teacher.id, classroom.id);
  const rewards = useClassroomRewards(classroom.id);
  const remove = useRemoveClassroomReward(classroom.id);
  // `undefined`: closed; `null`: a new reward; a reward: changing it.
  const [editing, setEditing] = useState<Reward | null | undefined>(undefined);
  const [removing, setRemoving] = useState<Reward | null>(null);
  const [removingShown, setRemovingShown] = useState<Reward | null>(null);
  if (removing !== null && removing !== removingShown) setRemovingShown(removing);
  const list = rewards.data ?? [];
  const full = list.length >= CLASSROOM_REWARDS_MAX;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify(t('teacher.removed', { name: removing.name }), 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Box>
      {!trusted && <TeacherTrustNotice />}
      <Box component="section" aria-labelledby="class-rewards-heading" sx={{ mb: 4 }}>
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
          <Typography id="class-rewards-heading" variant="h2">
            {t('teacher.heading')}
          </Typography>
          {trusted && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={full || classroom.frozen}
              onClick={() => setEditing(null)}
            >
              {t('teacher.new')}
            </Button>
          )}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>
          {full ? t('teacher.full', { max: CLASSROOM_REWARDS_MAX }) : t('teacher.lead')}
        </Typography>
        {rewards.isPending ? (
          <Typography role="status">{t('teacher.loading')}</Typography>
        ) : rewards.isError ? (
          <Alert severity="error">{errorText(rewards.error)}</Alert>
        ) : list.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('teacher.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-labelledby="class-rewards-heading"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {list.map((reward) => (
              <RewardRow
                key={reward.id}
                reward={reward}
                onEdit={trusted ? () => setEditing(reward) : undefined}
                onRemove={() => setRemoving(reward)}
              />
            ))}
          </Box>
        )}
      </Box>
      <AwardPointsSection classroom={classroom} trusted={trusted} />
      <Box component="section" aria-labelledby="reward-requests-heading">
        <Typography id="reward-requests-heading" variant="h2" sx={{ mb: 1 }}>
          {t('teacher.requestsHeading')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>
          {t('teacher.requestsLead')}
        </Typography>
        <RewardRequests classroomId={classroom.id} />
      </Box>
      {editing !== undefined && (
        <RewardFormDialog
          key={editing?.id ?? 'new'}
          classroomId={classroom.id}
          reward={editing}
          open
          onClose={() => setEditing(undefined)}
          onSaved={(name) => {
            setEditing(undefined);
            notify(t(editing ? 'teacher.saved' : 'teacher.created', { name }), 'success');
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('teacher.removeTitle', { name: removingShown?.name ?? '' })}
        text={t('teacher.removeText')}
        confirmLabel={t('teacher.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

/** A student's short view: how many rewards the class has, and the way to the redeem page. */
function StudentRewards({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('redeem');
  const rewards = useClassroomRewards(classroom.id);
  const list = rewards.data ?? [];
  const waiting = list.reduce((sum, reward) => sum + reward.pending, 0);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="student-class-rewards-heading"
      sx={{ p: 2, borderRadius: 2, maxWidth: 640 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <StarsIcon aria-hidden="true" sx={{ color: '#8a5300' }} />
        <Typography id="student-class-rewards-heading" variant="h2" sx={{ fontSize: '1.35rem' }}>
          {t('student.heading')}
        </Typography>
      </Box>
      {rewards.isPending ? (
        <Typography role="status">{t('teacher.loading')}</Typography>
      ) : rewards.isError ? (
        <Alert severity="error">{errorText(rewards.error)}</Alert>
      ) : (
        <Typography sx={{ mb: 1.5 }}>
          {list.length === 0 ? t('student.none') : t('student.some', { count: list.length })}
        </Typography>
      )}
      {waiting > 0 && (
        <Chip
          icon={<HourglassTopIcon />}
          label={t('catalogue.pending', { count: waiting })}
          variant="outlined"
          sx={{ mb: 1.5 }}
        />
      )}
      <Box>
        <Button component={RouterLink} to={REDEEM_PATH} variant="contained">
          {t('student.open')}
        </Button>
      </Box>
    </Paper>
  );
}

/** The class's Rewards tab: the teacher runs them, a student is pointed to /redeem. */
export function ClassroomRewards({ classroom }: { classroom: Classroom }) {
  return classroom.role === 'teacher' ? (
    <TeacherRewards classroom={classroom} />
  ) : (
    <StudentRewards classroom={classroom} />
  );
}
