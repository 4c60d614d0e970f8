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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { staffPaths } from '@bullpen/contract/routes';
import {
  STAFF_USER_ROLES,
  STAFF_USER_SEARCH_MAX,
  STAFF_USER_STATUSES,
  STAFF_USERS_PAGE_SIZE,
  type StaffUser,
  type StaffUserRole,
  type StaffUserStatus,
} from '@bullpen/contract/users';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DebouncedSearchField } from '@/components/DebouncedSearchField.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import {
  type StaffUsersFilter,
  useSetAccountActive,
  useStaffUsers,
} from '../api/staff-accounts-api.ts';

const fullName = (account: StaffUser) =>
  `${account.first_name} ${account.last_name}`.trim() || account.username;

const statusColor: Record<StaffUserStatus, 'success' | 'error' | 'warning' | 'info'> = {
  active: 'success',
  deactivated: 'error',
  deletion_pending: 'warning',
  consent_pending: 'info',
};

function AccountCard({
  account,
  self,
  busy,
  onChange,
}: {
  account: StaffUser;
  self: boolean;
  busy: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation('auth');
  const format = useFormatters();
  const name = fullName(account);
  const headingId = `account-${account.id}-heading`;
  const off = account.status === 'deactivated';
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
          <Chip size="small" variant="outlined" label={t(`staffUsers.roles.${account.role}`)} />
          <Chip
            size="small"
            variant="outlined"
            color={statusColor[account.status]}
            label={t(`staffUsers.statuses.${account.status}`)}
          />
        </Box>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {account.username}
          {account.email ? ` · ${account.email}` : ` · ${t('staffUsers.noEmail')}`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('staffUsers.joined', { date: format.dateTime(account.joined_at) })}
          {' · '}
          {t('staffUsers.lastSeen', { date: format.dateTime(account.last_seen_at) })}
        </Typography>
        {account.deactivated_at && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {account.deactivated_by
              ? t('staffUsers.deactivatedBy', {
                  date: format.dateTime(account.deactivated_at),
                  staff: account.deactivated_by,
                })
              : t('staffUsers.deactivatedOn', { date: format.dateTime(account.deactivated_at) })}
          </Typography>
        )}
      </CardContent>
      {!self && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant={off ? 'contained' : 'outlined'}
            color={off ? 'primary' : 'error'}
            onClick={onChange}
            disabled={busy}
            aria-label={t(off ? 'staffUsers.reactivateLabel' : 'staffUsers.deactivateLabel', {
              name,
            })}
          >
            {t(off ? 'staffUsers.reactivate' : 'staffUsers.deactivate')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * Staff see every account here (docs/decisions/035-staff-accounts.md): search by the start of
 * a name, username or address, filter by role and state, and turn an account off or on again
 * after a confirmation. Each change is in the audit log.
 */
export function StaffUsersPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('staffUsers.title'));
  const { user } = useSession();
  const staff = Boolean(user?.is_staff);
  const notify = useNotify();
  const [filter, setFilter] = useState<StaffUsersFilter>({ search: '', role: '', status: '' });
  const [page, setPage] = useState(1);
  const [changing, setChanging] = useState<StaffUser | null>(null);
  const accounts = useStaffUsers(filter, page, staff);
  const setActive = useSetAccountActive();
  const paginationLabels = usePaginationLabels();

  const refine = (next: Partial<StaffUsersFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const change = async (account: StaffUser) => {
    const active = account.status === 'deactivated';
    try {
      await setActive.mutateAsync({ id: account.id, active });
      notify(
        t(active ? 'staffUsers.reactivated' : 'staffUsers.deactivated', {
          name: fullName(account),
        }),
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  const changingOff = changing?.status === 'deactivated';
  return (
    <PageContainer maxWidth={960}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('staffUsers.title')}
      </Typography>
      {!staff ? (
        <Alert severity="warning">{t('staffUsers.forbidden')}</Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 1, maxWidth: '70ch' }}>
            {t('staffUsers.lead')}
          </Typography>
          <Typography sx={{ mb: 3 }}>
            <TextLink to={staffPaths.auditLog}>{t('staffUsers.auditLink')}</TextLink>
          </Typography>
          <Box
            role="search"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'flex-start' }}
          >
            <DebouncedSearchField
              id="staff-users-search"
              label={t('staffUsers.search')}
              placeholder={t('staffUsers.searchPlaceholder')}
              onSearch={(search) => refine({ search })}
              size="small"
              slotProps={{ htmlInput: { maxLength: STAFF_USER_SEARCH_MAX } }}
              sx={{ flex: '2 1 240px', minWidth: 0 }}
            />
            <TextField
              id="staff-users-role"
              select
              size="small"
              label={t('staffUsers.role')}
              value={filter.role}
              onChange={(event) => refine({ role: event.target.value as StaffUserRole | '' })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 140px', minWidth: 0 }}
            >
              <option value="">{t('staffUsers.anyRole')}</option>
              {STAFF_USER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`staffUsers.roles.${role}`)}
                </option>
              ))}
            </TextField>
            <TextField
              id="staff-users-status"
              select
              size="small"
              label={t('staffUsers.status')}
              value={filter.status}
              onChange={(event) => refine({ status: event.target.value as StaffUserStatus | '' })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 140px', minWidth: 0 }}
            >
              <option value="">{t('staffUsers.anyStatus')}</option>
              {STAFF_USER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`staffUsers.statuses.${status}`)}
                </option>
              ))}
            </TextField>
          </Box>
          {accounts.isPending ? (
            <PageLoader />
          ) : accounts.isError ? (
            <Alert severity="error">
              {t('staffUsers.loadError')} {errorText(accounts.error)}
            </Alert>
          ) : accounts.data.results.length === 0 ? (
            <Typography>{t('staffUsers.empty')}</Typography>
          ) : (
            <>
              <Typography sx={{ mb: 2 }} role="status">
                {t('staffUsers.count', { count: accounts.data.count })}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {accounts.data.results.map((account) => (
                  <AccountCard
                    key={account.id}
                    account={account}
                    self={account.id === user?.id}
                    busy={setActive.isPending}
                    onChange={() => setChanging(account)}
                  />
                ))}
              </Box>
              <TablePagination
                component="div"
                count={accounts.data.count}
                page={page - 1}
                rowsPerPage={STAFF_USERS_PAGE_SIZE}
                rowsPerPageOptions={[]}
                onPageChange={(_event, next) => setPage(next + 1)}
                {...paginationLabels}
              />
            </>
          )}
          <ConfirmDialog
            open={changing !== null}
            title={t(changingOff ? 'staffUsers.reactivateTitle' : 'staffUsers.deactivateTitle', {
              name: changing ? fullName(changing) : '',
            })}
            text={t(changingOff ? 'staffUsers.reactivateText' : 'staffUsers.deactivateText')}
            confirmLabel={t(changingOff ? 'staffUsers.reactivate' : 'staffUsers.deactivate')}
            danger={!changingOff}
            busy={setActive.isPending}
            onConfirm={() => {
              const account = changing;
              setChanging(null);
              if (account) void change(account);
            }}
            onClose={() => setChanging(null)}
          />
        </>
      )}
    </PageContainer>
  );
}

export const Component = StaffUsersPage;
