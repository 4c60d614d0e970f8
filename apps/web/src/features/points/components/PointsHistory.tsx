import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import RedeemIcon from '@mui/icons-material/Redeem';
import UndoIcon from '@mui/icons-material/Undo';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { SvgIconComponent } from '@mui/icons-material';
import {
  POINTS_HISTORY_PAGE_SIZE,
  type PointsEntry,
  type PointsReason,
} from '@bullpen/contract/points';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { usePointsHistory } from '../api/points-api.ts';

const REASON_ICONS: Record<PointsReason, SvgIconComponent> = {
  module: AutoStoriesIcon,
  lesson: MenuBookIcon,
  contest: EmojiEventsIcon,
  award: VolunteerActivismIcon,
  redemption: RedeemIcon,
  refund: UndoIcon,
};

const GAIN = '#1a6b43';
const LOSS = '#b3261e';

function EntryRow({ entry }: { entry: PointsEntry }) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  const Icon = REASON_ICONS[entry.reason] ?? RedeemIcon;
  const gain = entry.points >= 0;
  const amount = `${gain ? '+' : '−'}${format.number(Math.abs(entry.points))}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="points-entry"
      sx={{ p: 1.5, borderRadius: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: 'inline-flex',
          p: 0.75,
          borderRadius: '50%',
          bgcolor: '#e8eef7',
          color: '#0b2545',
          flexShrink: 0,
        }}
      >
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{t(`history.reasons.${entry.reason}`)}</Typography>
        {entry.note && (
          <Typography variant="body2">
            {entry.reason === 'award' && entry.awarded_by
              ? t('history.awardNote', { teacher: entry.awarded_by, reason: entry.note })
              : entry.note}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {format.dateTime(entry.created_at)}
        </Typography>
      </Box>
      <Typography
        sx={{
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          color: gain ? GAIN : LOSS,
        }}
      >
        <span aria-hidden="true">{amount}</span>
        <span className={visuallyHiddenClass}>
          {t(gain ? 'history.gained' : 'history.spent', {
            count: Math.abs(entry.points),
            points: format.number(Math.abs(entry.points)),
          })}
        </span>
      </Typography>
    </Paper>
  );
}

/** My points history: each ledger line with where it came from, signed and coloured. */
export function PointsHistory({ userId }: { userId: number }) {
  const { t } = useTranslation('redeem');
  const [page, setPage] = useState(1);
  const history = usePointsHistory(userId, page);
  const paginationLabels = usePaginationLabels();
  const count = history.data?.count ?? 0;
  return (
    <Box component="section" aria-labelledby="points-history-heading">
      <Typography id="points-history-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        {t('history.heading')}
      </Typography>
      {history.isPending ? (
        <Typography role="status">{t('history.loading')}</Typography>
      ) : history.isError ? (
        <Alert severity="error">{errorText(history.error)}</Alert>
      ) : history.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('history.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="points-history-heading"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {history.data.results.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </Box>
      )}
      {count > POINTS_HISTORY_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={count}
          page={page - 1}
          rowsPerPage={POINTS_HISTORY_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next + 1)}
          {...paginationLabels}
        />
      )}
    </Box>
  );
}
