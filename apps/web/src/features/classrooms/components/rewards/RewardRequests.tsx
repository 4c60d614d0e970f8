import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { REDEMPTIONS_PAGE_SIZE, type Redemption } from '@bullpen/contract/rewards';
import { RedemptionStatusChip } from '@/components/rewards/RedemptionStatusChip.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import {
  useDecideRequest,
  useRewardRequests,
  type RequestsFilter,
} from '../../api/classroom-rewards-api.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { rowCardSx, rowTextSx } from '../row-card.ts';

type Decision = { redemption: Redemption; decision: 'approve' | 'decline' };

function RequestRow({
  redemption,
  busy,
  onDecide,
}: {
  redemption: Redemption;
  busy: boolean;
  onDecide?: (decision: 'approve' | 'decline') => void;
}) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  const who = { student: redemption.student.name, name: redemption.reward.name };
  return (
    <Paper component="li" variant="outlined" data-testid="reward-request" sx={rowCardSx}>
      <Box sx={rowTextSx}>
        <Typography sx={{ fontWeight: 600 }}>{t('teacher.requestLine', who)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('catalogue.cost', { count: redemption.cost, points: format.number(redemption.cost) })}
          {' · '}
          {format.dateTime(redemption.created_at)}
        </Typography>
      </Box>
      {/* The waiting list needs no chip: each of its requests waits. */}
      {!onDecide && <RedemptionStatusChip status={redemption.status} />}
      {onDecide && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={busy}
            aria-label={t('teacher.approveLabel', who)}
            onClick={() => onDecide('approve')}
          >
            {t('teacher.approve')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            aria-label={t('teacher.declineLabel', who)}
            onClick={() => onDecide('decline')}
          >
            {t('teacher.decline')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function RequestList({
  classroomId,
  filter,
  headingId,
  heading,
  empty,
  onDecide,
  busy,
}: {
  classroomId: number;
  filter: RequestsFilter;
  headingId: string;
  heading: string;
  empty: string;
  onDecide?: (decision: Decision) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('redeem');
  const [page, setPage] = useState(1);
  const requests = useRewardRequests(classroomId, filter, page);
  const paginationLabels = usePaginationLabels();
  const count = requests.data?.count ?? 0;
  // "All" lists what was decided: the waiting ones are above it.
  const shown =
    requests.data?.results.filter((item) => filter === 'pending' || item.status !== 'pending') ??
    [];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h3" sx={{ mb: 1.5 }}>
        {heading}
      </Typography>
      {requests.isPending ? (
        <Typography role="status">{t('teacher.requestsLoading')}</Typography>
      ) : requests.isError ? (
        <Alert severity="error">{errorText(requests.error)}</Alert>
      ) : shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={headingId}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {shown.map((redemption) => (
            <RequestRow
              key={redemption.id}
              redemption={redemption}
              busy={busy}
              onDecide={
                onDecide && redemption.status === 'pending'
                  ? (decision) => onDecide({ redemption, decision })
                  : undefined
              }
            />
          ))}
        </Box>
      )}
      {count > REDEMPTIONS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={count}
          page={page - 1}
          rowsPerPage={REDEMPTIONS_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next + 1)}
          {...paginationLabels}
        />
      )}
    </Box>
  );
}

/** The teacher's queue: waiting requests first (approve, or decline: points back), then the rest. */
export function RewardRequests({ classroomId }: { classroomId: number }) {
  const { t } = useTranslation('redeem');
  const notify = useNotify();
  const decide = useDecideRequest(classroomId);
  const [pending, setPending] = useState<Decision | null>(null);
  const [shown, setShown] = useState<Decision | null>(null);
  if (pending !== null && pending !== shown) setShown(pending);

  const confirm = async () => {
    if (!pending) return;
    const { redemption, decision } = pending;
    const who = { student: redemption.student.name, name: redemption.reward.name };
    try {
      await decide.mutateAsync({ redemptionId: redemption.id, decision });
      notify(t(decision === 'approve' ? 'teacher.approved' : 'teacher.declined', who), 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setPending(null);
    }
  };

  const who = shown
    ? { student: shown.redemption.student.name, name: shown.redemption.reward.name }
    : { student: '', name: '' };
  return (
    <>
      <RequestList
        classroomId={classroomId}
        filter="pending"
        headingId="reward-requests-pending"
        heading={t('teacher.pendingHeading')}
        empty={t('teacher.pendingEmpty')}
        onDecide={setPending}
        busy={decide.isPending}
      />
      <RequestList
        classroomId={classroomId}
        filter="all"
        headingId="reward-requests-decided"
        heading={t('teacher.decidedHeading')}
        empty={t('teacher.decidedEmpty')}
        busy={decide.isPending}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          shown?.decision === 'decline'
            ? t('teacher.declineTitle', who)
            : t('teacher.approveTitle', who)
        }
        text={
          shown?.decision === 'decline'
            ? t('teacher.declineText', who)
            : t('teacher.approveText', who)
        }
        confirmLabel={shown?.decision === 'decline' ? t('teacher.decline') : t('teacher.approve')}
        danger={shown?.decision === 'decline'}
        busy={decide.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
