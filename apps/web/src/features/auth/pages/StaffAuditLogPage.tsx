import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { staffPaths } from '@bullpen/contract/routes';
import {
  STAFF_ACTIONS,
  STAFF_AUDIT_PAGE_SIZE,
  staffActionHasTarget,
  type StaffAction,
  type StaffAuditEntry,
} from '@bullpen/contract/users';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePaginationLabels } from '@/lib/use-pagination-labels.ts';
import { downloadStaffAudit, useStaffAudit } from '../api/staff-accounts-api.ts';

/**
 * What staff did, newest first (docs/decisions/035-staff-accounts.md): who approved or revoked
 * a teacher, turned an account off or on, or downloaded this log. Staff read it here and
 * download it as CSV; an account erased since shows as a former user.
 */
export function StaffAuditLogPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('staffAudit.title'));
  const { user } = useSession();
  const staff = Boolean(user?.is_staff);
  const notify = useNotify();
  const format = useFormatters();
  const [action, setAction] = useState<StaffAction | ''>('');
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const entries = useStaffAudit(action, page, staff);
  const paginationLabels = usePaginationLabels();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStaffAudit(action);
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const name = (username: string | null) => username ?? t('staffAudit.formerUser');
  const target = (entry: StaffAuditEntry) =>
    staffActionHasTarget(entry.action) ? name(entry.target_username) : '—';

  return (
    <PageContainer maxWidth={960}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('staffAudit.title')}
      </Typography>
      {!staff ? (
        <Alert severity="warning">{t('staffAudit.forbidden')}</Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 1, maxWidth: '70ch' }}>
            {t('staffAudit.lead')}
          </Typography>
          <Typography sx={{ mb: 3 }}>
            <TextLink to={staffPaths.users}>{t('staffAudit.usersLink')}</TextLink>
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'center' }}>
            <TextField
              id="staff-audit-action"
              select
              size="small"
              label={t('staffAudit.action')}
              value={action}
              onChange={(event) => {
                setAction(event.target.value as StaffAction | '');
                setPage(1);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 360 }}
            >
              <option value="">{t('staffAudit.anyAction')}</option>
              {STAFF_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`staffAudit.actions.${value}`)}
                </option>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => void download()} disabled={downloading}>
              {t('staffAudit.download')}
            </Button>
          </Box>
          {entries.isPending ? (
            <PageLoader />
          ) : entries.isError ? (
            <Alert severity="error">
              {t('staffAudit.loadError')} {errorText(entries.error)}
            </Alert>
          ) : entries.data.results.length === 0 ? (
            <Typography>{t('staffAudit.empty')}</Typography>
          ) : (
            <>
              <ScrollArrowsTable
                label={t('staffAudit.table')}
                rowCount={entries.data.results.length}
              >
                <Table size="small" stickyHeader aria-label={t('staffAudit.table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('staffAudit.columns.at')}</TableCell>
                      <TableCell>{t('staffAudit.columns.action')}</TableCell>
                      <TableCell>{t('staffAudit.columns.staff')}</TableCell>
                      <TableCell>{t('staffAudit.columns.account')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {entries.data.results.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {format.dateTime(entry.at)}
                        </TableCell>
                        <TableCell>{t(`staffAudit.actions.${entry.action}`)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          {name(entry.actor_username)}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{target(entry)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollArrowsTable>
              <TablePagination
                component="div"
                count={entries.data.count}
                page={page - 1}
                rowsPerPage={STAFF_AUDIT_PAGE_SIZE}
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

export const Component = StaffAuditLogPage;
