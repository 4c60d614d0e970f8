import { Navigate } from 'react-router';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { useRouteParams } from '@/lib/route-params.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { useAdjustments } from '../api/adjustments-api.ts';
import { useContest } from '../api/contest-queries.ts';
import { useMember } from '../api/contest-users-queries.ts';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/order-history-api.ts';
import { MemberHeader } from '../components/MemberHeader.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { PageState } from '../components/PageState.tsx';
import { TeacherNotes } from '../components/TeacherNotes.tsx';

/** /contest-order-history/{userId}/{contestId}: every order of one portfolio, newest first. */
export function OrderHistoryPage({ userId, contestId }: { userId: number; contestId: number }) {
  const { t } = useTranslation('contests');
  const paginationLabels = usePaginationLabels();
  useDocumentTitle(t('orderHistory.title'));
  const session = useSession();
  const [page, setPage] = useState(1);
  const contest = useContest(contestId);
  const member = useMember(contestId, userId);
  const orders = useOrders(member.data?.contest_user, page);
  // The portfolio's resets (its student and the contest's managers may read them).
  const adjustments = useAdjustments(contestId);

  if (!contest.data || member.isPending) {
    return <PageState error={contest.error ?? member.error} label={t('orderHistory.loading')} />;
  }
  if (!member.data)
    return <PageState error={member.error ?? new ApiError(404, null, t('notMember'))} />;
  const rows = orders.data?.results ?? [];
  const resetAfterOrder = Math.max(
    0,
    ...(adjustments.data?.results ?? [])
      .filter((line) => line.kind === 'reset' && line.contest_user === member.data?.contest_user)
      .map((line) => line.last_order),
  );
  return (
    <PageContainer>
      <MemberHeader
        title={t('orderHistory.title')}
        contest={contest.data}
        member={member.data}
        mine={session.user?.id === userId}
      />
      {session.user?.id === userId && <TeacherNotes contestId={contestId} />}
      {orders.isError ? (
        <Alert severity="error">{errorText(orders.error)}</Alert>
      ) : orders.isPending ? (
        <Typography role="status">{t('orderHistory.loadingOrders')}</Typography>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('orderHistory.empty')}</Typography>
      ) : (
        <>
          <OrdersTable
            orders={rows}
            label={t('orderHistory.label')}
            variant="history"
            resetAfterOrder={resetAfterOrder}
          />
          {(orders.data?.count ?? 0) > ORDERS_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={orders.data?.count ?? 0}
              page={page - 1}
              rowsPerPage={ORDERS_PAGE_SIZE}
              rowsPerPageOptions={[]}
              onPageChange={(_event, next) => setPage(next + 1)}
              {...paginationLabels}
            />
          )}
        </>
      )}
    </PageContainer>
  );
}

export function Component() {
  const params = useRouteParams('userId', 'contestId');
  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <OrderHistoryPage userId={params.userId} contestId={params.contestId} />;
}
