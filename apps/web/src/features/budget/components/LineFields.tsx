import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import {
  expenseCategories,
  frequencies,
  incomeCategories,
  MAX_LINES_PER_KIND,
  type BudgetForm,
} from '@bullpen/contract/budget';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextField } from '@/components/form/TextField.tsx';

type Kind = 'incomes' | 'expenses';

/** The grid of one line: label, category, amount, frequency, remove; it wraps at 360 px. */
export const lineGrid = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr) minmax(0, 1fr)',
    md: 'minmax(0, 1.3fr) minmax(0, 1.5fr) minmax(0, 0.9fr) minmax(0, 1.5fr) auto',
  },
  '& .MuiInputBase-input': { fontSize: '0.9rem' },
  alignItems: 'start',
  '& > div:first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
} as const;

/** The incomes or expenses of the budget form, as a list a student adds to and removes from. */
export function LineFields({ kind }: { kind: Kind }) {
  const { t } = useTranslation('budget');
  const { control } = useFormContext<BudgetForm>();
  const { fields, append, remove } = useFieldArray({ control, name: kind });
  const lines = useWatch({ control, name: kind });
  const categories = kind === 'incomes' ? incomeCategories : expenseCategories;
  const categoryLabel = (category: string) =>
    kind === 'incomes'
      ? t(`incomeCategories.${category as (typeof incomeCategories)[number]}`)
      : t(`expenseCategories.${category as (typeof expenseCategories)[number]}`);
  const headingId = `budget-${kind}-heading`;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.35rem', mb: 0.5 }}>
        {t(kind === 'incomes' ? 'editor.incomes' : 'editor.expenses')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {t(kind === 'incomes' ? 'editor.incomesHint' : 'editor.expensesHint')}
      </Typography>
      {fields.length === 0 && <Typography sx={{ mb: 2 }}>{t('editor.noLines')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => {
          const label = lines?.[index]?.label?.trim();
          return (
            <Paper
              key={field.id}
              component="li"
              variant="outlined"
              aria-label={t(kind === 'incomes' ? 'editor.incomeNumber' : 'editor.expenseNumber', {
                number: index + 1,
              })}
              sx={{ p: 1.5, ...lineGrid }}
            >
              <TextField<BudgetForm>
                name={`${kind}.${index}.label`}
                label={t('editor.label')}
                size="small"
                slotProps={{ htmlInput: { maxLength: 80 } }}
              />
              <SelectField<BudgetForm>
                name={`${kind}.${index}.category`}
                label={t('editor.category')}
                size="small"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </SelectField>
              <TextField<BudgetForm>
                name={`${kind}.${index}.amount`}
                label={t('editor.amount')}
                size="small"
                slotProps={{
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
              <SelectField<BudgetForm>
                name={`${kind}.${index}.frequency`}
                label={t('editor.frequency')}
                size="small"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {frequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`frequencies.${frequency}`)}
                  </option>
                ))}
              </SelectField>
              <IconButton
                onClick={() => remove(index)}
                aria-label={t('editor.remove', { what: label || t('editor.thisLine') })}
                sx={{ justifySelf: 'end' }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Paper>
          );
        })}
      </Box>
      <Button
        startIcon={<AddIcon />}
        onClick={() =>
          append({
            label: '',
            category: kind === 'incomes' ? 'wages' : 'groceries',
            amount: '',
            frequency: 'monthly',
          })
        }
        disabled={fields.length >= MAX_LINES_PER_KIND}
        sx={{ mt: 1.5 }}
      >
        {t(kind === 'incomes' ? 'editor.addIncome' : 'editor.addExpense')}
      </Button>
    </Box>
  );
}
