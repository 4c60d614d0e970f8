import { useMemo } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { bodyToForm, MAX_BUDGETS_PER_USER, type BudgetForm } from '@bullpen/contract/budget';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useBudget, useBudgets } from '../api/budget-api.ts';
import { localToday } from '../budget-view.ts';
import { BudgetEditor, budgetPath } from '../components/BudgetEditor.tsx';
import { BudgetList } from '../components/BudgetList.tsx';

function Status({ error }: { error?: unknown }) {
  const { t } = useTranslation('budget');
  if (error instanceof ApiError && error.status === 404) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return error ? (
    <Alert severity="error">{errorText(error)}</Alert>
  ) : (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

function Heading() {
  const { t } = useTranslation('budget');
  useDocumentTitle(t('title'));
  return (
    <Box data-print="hide">
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: '70ch' }}>{t('lead')}</Typography>
    </Box>
  );
}

function ListView() {
  const { t } = useTranslation('budget');
  const budgets = useBudgets();
  if (!budgets.data) return <Status error={budgets.error} />;
  const { count, results } = budgets.data;
  const full = count >= MAX_BUDGETS_PER_USER;
  return (
    <Box component="section" aria-labelledby="budget-list-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography id="budget-list-heading" variant="h2" sx={{ fontSize: '1.35rem', flexGrow: 1 }}>
          {t('list.heading')}
        </Typography>
        {full ? (
          <Button variant="contained" startIcon={<AddIcon />} disabled>
            {t('list.new')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={budgetPath('new')}
          >
            {t('list.new')}
          </Button>
        )}
      </Box>
      <BudgetList budgets={results} />
      <Typography sx={{ color: 'text.secondary' }}>
        {t('list.limit', { count, max: MAX_BUDGETS_PER_USER })}
      </Typography>
    </Box>
  );
}

function NewBudget({ today }: { today: string }) {
  const { t } = useTranslation('budget');
  const initial = useMemo<BudgetForm>(
    () => ({ name: t('editor.newName'), incomes: [], expenses: [], goals: [] }),
    [t],
  );
  return <BudgetEditor budget={null} initial={initial} today={today} />;
}

function SavedBudget({ id, today }: { id: number; today: string }) {
  const budget = useBudget(id);
  const initial = useMemo(() => (budget.data ? bodyToForm(budget.data) : null), [budget.data]);
  if (!budget.data || !initial) return <Status error={budget.error} />;
  return <BudgetEditor budget={budget.data} initial={initial} today={today} />;
}

/**
 * /budgeting (signed in): my budgets; `?budget=new` a new one; `?budget=ID` one of mine. An id
 * that cannot be one, or a budget that is not mine, goes to the 404 page.
 */
export function BudgetingPage() {
  const [params] = useSearchParams();
  const selected = params.get('budget');
  const today = useMemo(() => localToday(), []);
  let view;
  if (selected === null) view = <ListView />;
  else if (selected === 'new') view = <NewBudget key="new" today={today} />;
  else if (/^[1-9]\d{0,9}$/.test(selected)) {
    view = <SavedBudget key={selected} id={Number(selected)} today={today} />;
  } else return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <PageContainer maxWidth={1280}>
      <Heading />
      {view}
    </PageContainer>
  );
}

export const Component = BudgetingPage;
