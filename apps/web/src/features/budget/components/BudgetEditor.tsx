import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useFormState, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import {
  budgetFormSchema,
  formToBody,
  type Budget,
  type BudgetForm,
  type Frequency,
} from '@bullpen/contract/budget';
import type { Scenario } from '@bullpen/contract/budget-scenarios';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useCreateBudget, useUpdateBudget } from '../api/budget-api.ts';
import {
  budgetCsv,
  csvFileName,
  scenarioToForm,
  summarizeForm,
  type CsvWords,
} from '../budget-view.ts';
import { GoalFields } from './GoalFields.tsx';
import { GoalProjections } from './GoalProjection.tsx';
import { LineFields } from './LineFields.tsx';
import { PrintableBudget } from './PrintableBudget.tsx';
import { ScenarioPicker } from './ScenarioPicker.tsx';
import { SummaryPanel } from './SummaryPanel.tsx';
import { saveCsv } from '@/lib/save-file.ts';

export const BUDGETING_PATH = '/budgeting';
export const budgetPath = (id: number | 'new') => `${BUDGETING_PATH}?budget=${id}`;

/** On paper only the printable budget shows: not the app's header, menus, footer or form. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, footer, nav, .MuiSnackbar-root, [data-print="hide"]': {
          display: 'none !important',
        },
        body: { background: '#fff' },
      },
    }}
  />
);

function useCsvWords(): CsvWords {
  const { t } = useTranslation('budget');
  return {
    header: {
      section: t('csv.section'),
      label: t('csv.label'),
      category: t('csv.category'),
      group: t('csv.group'),
      amount: t('csv.amount'),
      frequency: t('csv.frequency'),
      monthly: t('csv.monthly'),
    },
    income: t('csv.income'),
    expense: t('csv.expense'),
    total: t('csv.total'),
    goal: t('csv.goal'),
    target: t('csv.target'),
    saved: t('csv.saved'),
    date: t('csv.date'),
    surplus: t('csv.surplus'),
    savingsRate: t('csv.savingsRate'),
    incomeCategory: (category) => t(`incomeCategories.${category}`),
    expenseCategory: (category) => t(`expenseCategories.${category}`),
    group: (group) => t(`groups.${group}`),
    frequency: (frequency: Frequency) => t(`frequencies.${frequency}`),
  };
}

function UnsavedNote() {
  const { t } = useTranslation('budget');
  const { isDirty } = useFormState<BudgetForm>();
  if (!isDirty) return null;
  return (
    <Typography role="status" sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
      {t('editor.unsaved')}
    </Typography>
  );
}

/**
 * The budget editor: the form (name, incomes, expenses, goals) beside the live summary, which
 * is recomputed from the form's values on every keystroke. Saving creates the budget (then the
 * address becomes the budget's) or replaces it whole.
 */
export function BudgetEditor({
  budget,
  initial,
  today,
}: {
  budget: Budget | null;
  initial: BudgetForm;
  today: string;
}) {
  const { t } = useTranslation('budget');
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const csvWords = useCsvWords();
  const format = useFormatters();
  const form = useZodForm(budgetFormSchema, {
    defaultValues: initial,
    messages: ['budget:messages'],
  });
  const values = useWatch({ control: form.control }) as Partial<BudgetForm>;
  const summary = useMemo(() => summarizeForm(values, today), [values, today]);
  const body = useMemo(() => formToBody(values as BudgetForm), [values]);

  const onSubmit = form.submit(async (submitted) => {
    const saved = budget
      ? await update.mutateAsync({ id: budget.id, body: formToBody(submitted) })
      : await create.mutateAsync(formToBody(submitted));
    form.reset(submitted);
    notify(t('editor.saved'), 'success');
    if (!budget) void navigate(budgetPath(saved.id), { replace: true });
  });

  const loadScenario = (scenario: Scenario) => {
    const id = scenario.id as 'allowance';
    const loaded = scenarioToForm(
      scenario,
      {
        name: t(`scenarios.${id}.name`),
        line: (key) => t(`scenarios.${id}.lines.${key}` as 'scenarios.allowance.lines.allowance'),
        goal: (key) => t(`scenarios.${id}.goals.${key}` as 'scenarios.allowance.goals.bike'),
      },
      today,
    );
    form.reset(
      { ...loaded, name: budget ? form.getValues('name') : loaded.name },
      { keepDefaultValues: true },
    );
    notify(t('scenarios.loaded', { title: t(`scenarios.${id}.title`) }), 'info');
  };

  return (
    <>
      {printStyles}
      <Box data-print="hide">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
          <Link component={RouterLink} to={BUDGETING_PATH} sx={{ mr: 'auto' }}>
            {t('editor.back')}
          </Link>
          <Button
            size="small"
            startIcon={<PrintIcon />}
            variant="outlined"
            onClick={() => window.print()}
          >
            {t('editor.print')}
          </Button>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            variant="outlined"
            onClick={() =>
              saveCsv(budgetCsv(body, summary, csvWords), csvFileName(body.name || 'budget'))
            }
          >
            {t('editor.export')}
          </Button>
        </Box>
        <Form form={form} onSubmit={onSubmit} aria-label={t('title')}>
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 2, md: 4 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
              alignItems: 'start',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <TextField<BudgetForm>
                name="name"
                label={t('editor.name')}
                fullWidth
                sx={{ mb: 3 }}
                slotProps={{ htmlInput: { maxLength: 80 } }}
              />
              <ScenarioPicker onLoad={loadScenario} />
              <LineFields kind="incomes" />
              <LineFields kind="expenses" />
              <GoalFields today={today} />
            </Box>
            <Box sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 16 } }}>
              <SummaryPanel summary={summary} />
              <GoalProjections goals={summary.goals} />
            </Box>
          </Box>
          <Box
            sx={{
              position: 'sticky',
              bottom: 0,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              py: 1,
              mt: 2,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1.5,
              alignItems: 'center',
              zIndex: 1,
            }}
          >
            <FormAlert sx={{ width: '100%' }} />
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {t('editor.save')}
            </Button>
            <Typography
              aria-hidden="true"
              sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', display: { lg: 'none' } }}
            >
              {t(summary.surplusCents < 0 ? 'summary.deficit' : 'summary.surplus')}:{' '}
              {format.signedCents(summary.surplusCents)}
            </Typography>
            <UnsavedNote />
          </Box>
        </Form>
      </Box>
      <PrintableBudget body={body} summary={summary} />
    </>
  );
}
