import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { budgetFormSchema, bodyToForm, formToBody, type Budget } from '@bullpen/contract/budget';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDeleteBudget, useUpdateBudget } from '../api/budget-api.ts';
import { budgetPath } from './BudgetEditor.tsx';

const nameSchema = budgetFormSchema.pick({ name: true });

function RenameDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation('budget');
  const notify = useNotify();
  const update = useUpdateBudget();
  const form = useZodForm(nameSchema, {
    defaultValues: { name: budget.name },
    messages: ['budget:messages'],
  });
  const onSubmit = form.submit(async ({ name }) => {
    await update.mutateAsync({ id: budget.id, body: formToBody({ ...bodyToForm(budget), name }) });
    notify(t('list.renamed'), 'success');
    onClose();
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="budget-rename-title" fullWidth maxWidth="xs">
      <Form form={form} onSubmit={onSubmit}>
        <DialogTitle id="budget-rename-title">{t('list.renameTitle')}</DialogTitle>
        <DialogContent>
          <FormAlert />
          <TextField
            name="name"
            label={t('editor.name')}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('list.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('list.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function DeleteDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation('budget');
  const notify = useNotify();
  const remove = useDeleteBudget();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="budget-delete-title"
      aria-describedby="budget-delete-text"
    >
      <DialogTitle id="budget-delete-title">{t('list.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="budget-delete-text">
          {t('list.deleteText', { name: budget.name })}
        </DialogContentText>
        {remove.isError && (
          <Typography role="alert" sx={{ color: 'error.main', mt: 1 }}>
            {errorText(remove.error)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('list.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(budget.id, {
              onSuccess: () => {
                notify(t('list.deleted'), 'success');
                onClose();
              },
            })
          }
        >
          {t('list.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** My budgets: open one, rename it, or delete it after saying yes in a dialog. */
export function BudgetList({ budgets }: { budgets: readonly Budget[] }) {
  const { t } = useTranslation('budget');
  const format = useFormatters();
  const [renaming, setRenaming] = useState<Budget | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);

  if (budgets.length === 0) return <Typography sx={{ mb: 2 }}>{t('list.empty')}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 1.5 }}>
        {budgets.map((budget) => (
          <Paper
            key={budget.id}
            component="li"
            variant="outlined"
            sx={{
              p: 2,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1.5,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={budgetPath(budget.id)}>
                  {budget.name}
                </Link>
              </Typography>
              <Typography sx={{ fontSize: '0.95rem', fontVariantNumeric: 'tabular-nums' }}>
                {t('list.totals', {
                  income: format.cents(budget.totals.monthly_income_cents),
                  expenses: format.cents(budget.totals.monthly_expenses_cents),
                  left: format.signedCents(budget.totals.surplus_cents),
                })}
              </Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
                {t('list.updated', { date: format.dateTime(budget.updated_at) })}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                onClick={() => setRenaming(budget)}
                aria-label={`${t('list.rename')}: ${budget.name}`}
              >
                {t('list.rename')}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => setDeleting(budget)}
                aria-label={`${t('list.delete')}: ${budget.name}`}
              >
                {t('list.delete')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>
      {renaming && <RenameDialog budget={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog budget={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
