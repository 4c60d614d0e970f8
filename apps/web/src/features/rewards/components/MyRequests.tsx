import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { REDEMPTIONS_PAGE_SIZE, type Redemption } from '@bullpen/contract/rewards';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { useCancelRedemption, useMyRedemptions } from '../api/rewards-api.ts';
import { useRewardText } from './RewardCard.tsx';
import { RedemptionStatusChip } from '@/components/rewards/RedemptionStatusChip.tsx';

function RequestRow({
  redemption,
  busy,
  onCancel,
}: {
  redemption: Redemption;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  const { name } = useRewardText()(redemption.reward);
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="my-request"
      sx={{
        p: 1.5,
        borderRadius: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[
            redemption.classroom?.name,
            t('catalogue.cost', {
              count: redemption.cost,
              points: format.number(redemption.cost),
            }),
            format.dateTime(redemption.created_at),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <RedemptionStatusChip status={redemption.status} />
      {redemption.status === 'pending' && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          aria-label={t('requests.cancelLabel', { name })}
          onClick={onCancel}
        >
          {t('requests.cancel')}
        </Button>
      )}
    </Paper>
  );
}

/** My purchases and requests, newest first; a request still waiting can be cancelled. */
export function MyRequests({ onPointsChanged }: { onPointsChanged: () => void }) {
  const { t } = useTranslation('redeem');
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const requests = useMyRedemptions(page);
  const cancel = useCancelRedemption(onPointsChanged);
  const paginationLabels = usePaginationLabels();
  const count = requests.data?.count ?? 0;

  const onCancel = async (redemption: Redemption) => {
    try {
      await cancel.mutateAsync(redemption.id);
      notify(t('requests.cancelled'), 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  return (
    <Box component="section" aria-labelledby="my-requests-heading">
      <Typography id="my-requests-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        {t('requests.heading')}
      </Typography>
      {requests.isPending ? (
        <Typography role="status">{t('requests.loading')}</Typography>
      ) : requests.isError ? (
        <Alert severity="error">{errorText(requests.error)}</Alert>
      ) : requests.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('requests.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="my-requests-heading"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {requests.data.results.map((redemption) => (
            <RequestRow
              key={redemption.id}
              redemption={redemption}
              busy={cancel.isPending}
              onCancel={() => void onCancel(redemption)}
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
