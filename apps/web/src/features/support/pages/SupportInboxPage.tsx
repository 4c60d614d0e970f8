import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { INBOX_PAGE_SIZE, type Ticket } from '@bullpen/contract/support';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { type InboxFilter, useInbox, useSetTicketStatus } from '../api/support-api.ts';

const FILTERS: InboxFilter[] = ['open', 'answered', 'all'];

function Detail({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {value}
      </Box>
    </>
  );
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  const format = useFormatters();
  const notify = useNotify();
  const setStatus = useSetTicketStatus();
  const answered = ticket.status === 'answered';
  const toggle = () =>
    setStatus.mutate(
      { id: ticket.id, status: answered ? 'open' : 'answered' },
      {
        onSuccess: () =>
          notify(t(answered ? 'inbox.reopened' : 'inbox.marked', { id: ticket.id }), 'success'),
        onError: (error) => notify(errorText(error), 'error'),
      },
    );
  const headingId = `ticket-${ticket.id}-heading`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 1 }}>
            #{ticket.id} · {ticket.first_name} {ticket.last_name}
          </Typography>
          <Chip size="small" label={t(`inbox.kinds.${ticket.kind}`)} />
          <Chip
            size="small"
            color={answered ? 'success' : 'warning'}
            variant={answered ? 'filled' : 'outlined'}
            label={t(`inbox.statuses.${ticket.status}`)}
          />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('inbox.received', { date: format.dateTime(ticket.created_at) })}
          {ticket.answered_at &&
            ` · ${t('inbox.answeredOn', { date: format.dateTime(ticket.answered_at) })}`}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            mb: 2,
            overflowWrap: 'anywhere',
          }}
        >
          <Detail
            label={t('inbox.from')}
            value={`${ticket.email} · ${ticket.user === null ? t('inbox.visitor') : t('inbox.account', { id: ticket.user })}`}
          />
          <Detail
            label={t('inbox.position')}
            value={ticket.position ? t(`form.positions.${ticket.position}`) : null}
          />
          <Detail label={t('inbox.school')} value={ticket.school_name} />
          <Detail label={t('inbox.phone')} value={ticket.phone} />
          <Detail label={t('inbox.teachers')} value={ticket.anticipated_teacher_participation} />
          <Detail label={t('inbox.students')} value={ticket.anticipated_student_participation} />
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ticket.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant={answered ? 'outlined' : 'contained'}
          onClick={toggle}
          disabled={setStatus.isPending}
        >
          {t(answered ? 'inbox.reopen' : 'inbox.markAnswered')}
        </Button>
        <Link href={`mailto:${ticket.email}`}>{t('inbox.reply')}</Link>
      </CardActions>
    </Card>
  );
}

/** The staff inbox: tickets newest first, by status, to read and mark answered. */
export function SupportInboxPage() {
  const { t } = useTranslation('support');
  useDocumentTitle(t('inbox.title'));
  const { user } = useSession();
  const staff = Boolean(user?.is_staff);
  const [filter, setFilter] = useState<InboxFilter>('open');
  const [page, setPage] = useState(1);
  const inbox = useInbox(filter, page, staff);
  const paginationLabels = usePaginationLabels();

  return (
    <PageContainer maxWidth={960}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('inbox.title')}
      </Typography>
      {!staff ? (
        <Alert severity="warning">{t('inbox.forbidden')}</Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('inbox.lead')}</Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            aria-label={t('inbox.filter')}
            onChange={(_event, next: InboxFilter | null) => {
              if (!next) return;
              setFilter(next);
              setPage(1);
            }}
            sx={{ mb: 3 }}
          >
            {FILTERS.map((value) => (
              <ToggleButton key={value} value={value}>
                {t(`inbox.filters.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {inbox.isPending ? (
            <PageLoader />
          ) : inbox.isError ? (
            <Alert severity="error">
              {t('inbox.loadError')} {errorText(inbox.error)}
            </Alert>
          ) : inbox.data.results.length === 0 ? (
            <Typography>{t('inbox.empty')}</Typography>
          ) : (
            <>
              {inbox.data.results.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} />
              ))}
              <TablePagination
                component="div"
                count={inbox.data.count}
                page={page - 1}
                rowsPerPage={INBOX_PAGE_SIZE}
                rowsPerPageOptions={[]}
                onPageChange={(_event, next) => setPage(next + 1)}
                {...paginationLabels}
              />
            </>
          )}
        </>
      )}
    </PageContainer>
  );
}

export const Component = SupportInboxPage;
