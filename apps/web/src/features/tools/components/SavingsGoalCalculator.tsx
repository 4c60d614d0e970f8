import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  savingsGoal,
  savingsGoalFormSchema,
  type SavingsGoalForm,
} from '@bullpen/contract/calculators';
import { Form } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useFormatters } from '@/lib/format.ts';
import {
  CalculatorSection,
  decimal,
  dollars,
  FieldGrid,
  ResultRegion,
  type CalculatorProps,
} from './CalculatorParts.tsx';
import { useCalculatorForm } from './use-live-result.ts';

/** The monthly deposit that reaches a goal in time, with interest added monthly. */
export function SavingsGoalCalculator(props: CalculatorProps) {
  const { t } = useTranslation('tools');
  const format = useFormatters();
  const id = useId();
  const { form, input } = useCalculatorForm(savingsGoalFormSchema, {
    target: '1000',
    saved: '100',
    months: '10',
    rate: '4',
  } satisfies SavingsGoalForm);
  const result = input && savingsGoal(input);

  return (
    <CalculatorSection
      {...props}
      title={t('savings.title')}
      lead={t('savings.lead')}
      note={t('savings.note')}
    >
      <Form form={form} onSubmit={form.submit(() => undefined)}>
        <FieldGrid>
          <TextField<SavingsGoalForm>
            id={`${id}-target`}
            name="target"
            label={t('savings.target')}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <TextField<SavingsGoalForm>
            id={`${id}-saved`}
            name="saved"
            label={t('savings.saved')}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <TextField<SavingsGoalForm>
            id={`${id}-months`}
            name="months"
            label={t('savings.months')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField<SavingsGoalForm>
            id={`${id}-rate`}
            name="rate"
            label={t('savings.rate')}
            fullWidth
            slotProps={decimal}
          />
        </FieldGrid>
      </Form>
      {result ? (
        <ResultRegion
          message={result.monthlyDepositCents === 0 ? t('savings.reached') : undefined}
          figures={[
            {
              label: t('savings.deposit'),
              value: format.cents(result.monthlyDepositCents),
              main: true,
            },
            { label: t('savings.deposits'), value: format.cents(result.depositsCents) },
            { label: t('savings.interest'), value: format.cents(result.interestCents) },
            { label: t('savings.finalBalance'), value: format.cents(result.finalBalanceCents) },
          ]}
        />
      ) : (
        <ResultRegion message={t('fixFields')} />
      )}
    </CalculatorSection>
  );
}
