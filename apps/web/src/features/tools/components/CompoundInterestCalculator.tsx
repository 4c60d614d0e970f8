import { useId } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  compoundInterest,
  compoundInterestFormSchema,
  compoundingFrequencies,
  doublingTime,
  type CompoundInterestForm,
} from '@bullpen/contract/calculators';
import { Form } from '@/components/form/Form.tsx';
import { RadioGroupField } from '@/components/form/RadioGroupField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useFormatters } from '@/lib/format.ts';
import {
  CalculatorSection,
  decimal,
  dollars,
  whole,
  FieldGrid,
  ResultRegion,
  type CalculatorProps,
} from './CalculatorParts.tsx';
import { useCalculatorForm } from './use-live-result.ts';

/** Compound interest with monthly deposits, and how long the money takes to double. */
export function CompoundInterestCalculator(props: CalculatorProps) {
  const { t } = useTranslation('tools');
  const format = useFormatters();
  const id = useId();
  const { form, input } = useCalculatorForm(compoundInterestFormSchema, {
    principal: '1000',
    rate: '5',
    compounding: '12',
    years: '10',
    monthlyDeposit: '50',
  } satisfies CompoundInterestForm);
  const result = input && compoundInterest(input);
  const doubling = input && doublingTime(input.annualRate, input.compoundsPerYear);
  const years = (value: number) => format.number(Math.round(value * 10) / 10);

  return (
    <CalculatorSection
      {...props}
      title={t('compound.title')}
      lead={t('compound.lead')}
      note={t('compound.note')}
    >
      <Form form={form} onSubmit={form.submit(() => undefined)}>
        <FieldGrid>
          <TextField<CompoundInterestForm>
            id={`${id}-principal`}
            name="principal"
            label={t('compound.principal')}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <TextField<CompoundInterestForm>
            id={`${id}-monthlyDeposit`}
            name="monthlyDeposit"
            label={t('compound.monthlyDeposit')}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <TextField<CompoundInterestForm>
            id={`${id}-rate`}
            name="rate"
            label={t('compound.rate')}
            fullWidth
            slotProps={decimal}
          />
          <TextField<CompoundInterestForm>
            id={`${id}-years`}
            name="years"
            label={t('compound.years')}
            fullWidth
            slotProps={whole}
          />
          <RadioGroupField<CompoundInterestForm>
            name="compounding"
            legend={t('compound.compounding')}
            options={compoundingFrequencies.map((times) => ({
              value: String(times),
              label: t(`compound.compoundings.${times}`),
            }))}
          />
        </FieldGrid>
      </Form>
      {input && result ? (
        <ResultRegion
          figures={[
            {
              label: t('compound.balance', { count: input.years }),
              value: format.cents(result.balanceCents),
              main: true,
            },
            { label: t('compound.deposits'), value: format.cents(result.depositsCents) },
            { label: t('compound.interest'), value: format.cents(result.interestCents) },
          ]}
        >
          <Typography component="div" sx={{ mt: 1.5 }}>
            <strong>{t('compound.doubling')}</strong>
            <br />
            {doubling
              ? `${t('compound.ruleOf72', {
                  rate: format.number(input.annualRate * 100),
                  years: years(doubling.ruleOf72Years),
                })}. ${t('compound.exact', { years: years(doubling.exactYears) })}.`
              : t('compound.neverDoubles')}
          </Typography>
        </ResultRegion>
      ) : (
        <ResultRegion message={t('fixFields')} />
      )}
    </CalculatorSection>
  );
}
