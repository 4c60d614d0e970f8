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
import { MAX_GOALS, type BudgetForm } from '@bullpen/contract/budget';
import { TextField } from '@/components/form/TextField.tsx';
import { addMonths } from '../budget-view.ts';

/** The savings goals of the budget form: a name, a target, what is saved and a date. */
export function GoalFields({ today }: { today: string }) {
  const { t } = useTranslation('budget');
  const { control } = useFormContext<BudgetForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'goals' });
  const goals = useWatch({ control, name: 'goals' });
  const dollars = { startAdornment: <InputAdornment position="start">$</InputAdornment> };

  return (
    <Box component="section" aria-labelledby="budget-goals-heading" sx={{ mb: 4 }}>
      <Typography id="budget-goals-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 0.5 }}>
        {t('editor.goals')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('editor.goalsHint')}</Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => (
          <Paper
            key={field.id}
            component="li"
            variant="outlined"
            aria-label={t('editor.goalNumber', { number: index + 1 })}
            sx={{
              p: 1.5,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr) minmax(0, 1fr)',
                md: 'minmax(0, 1.6fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr) auto',
              },
              '& .MuiInputBase-input': { fontSize: '0.9rem' },
              '& > div:first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
            }}
          >
            <TextField<BudgetForm>
              name={`goals.${index}.name`}
              label={t('editor.goalName')}
              size="small"
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <TextField<BudgetForm>
              name={`goals.${index}.target`}
              label={t('editor.target')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: dollars }}
            />
            <TextField<BudgetForm>
              name={`goals.${index}.saved`}
              label={t('editor.savedSoFar')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: dollars }}
            />
            <TextField<BudgetForm>
              name={`goals.${index}.target_date`}
              label={t('editor.date')}
              size="small"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <IconButton
              onClick={() => remove(index)}
              aria-label={t('editor.remove', {
                what: goals?.[index]?.name?.trim() || t('editor.thisLine'),
              })}
              sx={{ justifySelf: 'end' }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Paper>
        ))}
      </Box>
      <Button
        startIcon={<AddIcon />}
        onClick={() =>
          append({ name: '', target: '', saved: '0.00', target_date: addMonths(today, 12) })
        }
        disabled={fields.length >= MAX_GOALS}
        sx={{ mt: 1.5 }}
      >
        {t('editor.addGoal')}
      </Button>
    </Box>
  );
}
