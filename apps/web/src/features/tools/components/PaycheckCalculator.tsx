import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  filingStatuses,
  PAYCHECK_TAX_YEAR,
  paycheck,
  paycheckFormSchema,
  payFrequencies,
  SOCIAL_SECURITY_WAGE_BASE_CENTS,
  type PaycheckForm,
} from '@bullpen/contract/calculators';
import { Form } from '@/components/form/Form.tsx';
import { RadioGroupField } from '@/components/form/RadioGroupField.tsx';
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

/** One paycheck from gross to net: FICA and a simplified federal withholding, for the tax year. */
export function PaycheckCalculator(props: CalculatorProps) {
  const { t } = useTranslation('tools');
  const format = useFormatters();
  const id = useId();
  const { form, input } = useCalculatorForm(paycheckFormSchema, {
    gross: '500',
    frequency: 'weekly',
    filingStatus: 'single',
    earnedBefore: '0',
  } satisfies PaycheckForm);
  const result = input && paycheck(input);
  const year = PAYCHECK_TAX_YEAR;

  return (
    <CalculatorSection
      {...props}
      title={t('paycheck.title', { year })}
      lead={t('paycheck.lead')}
      note={t('paycheck.note', { year })}
    >
      <Form form={form} onSubmit={form.submit(() => undefined)}>
        <FieldGrid>
          <TextField<PaycheckForm>
            id={`${id}-gross`}
            name="gross"
            label={t('paycheck.gross')}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <TextField<PaycheckForm>
            id={`${id}-earnedBefore`}
            name="earnedBefore"
            label={t('paycheck.earnedBefore')}
            hint={t('paycheck.earnedBeforeHint', {
              base: format.cents(SOCIAL_SECURITY_WAGE_BASE_CENTS),
              year,
            })}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <RadioGroupField<PaycheckForm>
            name="frequency"
            legend={t('paycheck.frequency')}
            options={payFrequencies.map((value) => ({
              value,
              label: t(`paycheck.frequencies.${value}`),
            }))}
          />
          <RadioGroupField<PaycheckForm>
            name="filingStatus"
            legend={t('paycheck.filingStatus')}
            options={filingStatuses.map((value) => ({
              value,
              label: t(`paycheck.filingStatuses.${value}`),
            }))}
          />
        </FieldGrid>
      </Form>
      {input && result ? (
        <ResultRegion
          figures={[
            { label: t('paycheck.grossRow'), value: format.cents(input.grossCents) },
            {
              label: t('paycheck.socialSecurity'),
              value: format.signedCents(-result.socialSecurityCents),
            },
            { label: t('paycheck.medicare'), value: format.signedCents(-result.medicareCents) },
            {
              label: t('paycheck.federal'),
              value: format.signedCents(-result.federalIncomeTaxCents),
            },
            { label: t('paycheck.net'), value: format.cents(result.netCents), main: true },
          ]}
        />
      ) : (
        <ResultRegion message={t('fixFields')} />
      )}
    </CalculatorSection>
  );
}
