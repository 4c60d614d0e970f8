import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  loanModes,
  loanPayoffFormSchema,
  paymentForMonths,
  payoffWithPayment,
  type LoanPayoffForm,
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
  type Figure,
} from './CalculatorParts.tsx';
import { useCalculatorForm } from './use-live-result.ts';

/**
 * A loan or a card balance: how long a payment takes and what it costs, or the payment that
 * clears it in a number of months.
 */
export function LoanPayoffCalculator(props: CalculatorProps) {
  const { t } = useTranslation('tools');
  const format = useFormatters();
  const id = useId();
  const { form, input } = useCalculatorForm(loanPayoffFormSchema, {
    mode: 'payment',
    balance: '1000',
    apr: '24',
    payment: '30',
    months: '24',
  } satisfies LoanPayoffForm);
  const mode = form.watch('mode');

  let figures: Figure[] | undefined;
  let message: string | undefined;
  if (!input) {
    message = t('fixFields');
  } else {
    const paymentCents =
      input.mode === 'payment'
        ? input.paymentCents
        : paymentForMonths({
            balanceCents: input.balanceCents,
            apr: input.apr,
            months: input.months,
          });
    const payoff = payoffWithPayment({
      balanceCents: input.balanceCents,
      apr: input.apr,
      paymentCents,
    });
    if (payoff.kind === 'never') {
      message = t('loan.never', { interest: format.cents(payoff.monthlyInterestCents) });
    } else if (payoff.kind === 'too-long') {
      message = t('loan.tooLong');
    } else {
      figures = [
        ...(input.mode === 'months'
          ? [{ label: t('loan.paymentNeeded'), value: format.cents(paymentCents), main: true }]
          : []),
        {
          label: t('loan.totalInterest'),
          value: format.cents(payoff.totalInterestCents),
          main: input.mode === 'payment',
        },
        { label: t('loan.totalPaid'), value: format.cents(payoff.totalPaidCents) },
        { label: t('loan.lastPayment'), value: format.cents(payoff.lastPaymentCents) },
      ];
      message = t('loan.paidOffIn', { count: payoff.months });
    }
  }

  return (
    <CalculatorSection
      {...props}
      title={t('loan.title')}
      lead={t('loan.lead')}
      note={t('loan.note')}
    >
      <Form form={form} onSubmit={form.submit(() => undefined)}>
        <FieldGrid>
          <RadioGroupField<LoanPayoffForm>
            name="mode"
            legend={t('loan.mode')}
            options={loanModes.map((value) => ({ value, label: t(`loan.modes.${value}`) }))}
          />
          <TextField<LoanPayoffForm>
            id={`${id}-balance`}
            name="balance"
            label={t('loan.balance')}
            fullWidth
            slotProps={{ ...dollars, ...decimal }}
          />
          <TextField<LoanPayoffForm>
            id={`${id}-apr`}
            name="apr"
            label={t('loan.apr')}
            fullWidth
            slotProps={decimal}
          />
          {mode === 'months' ? (
            <TextField<LoanPayoffForm>
              key="months"
              id={`${id}-months`}
              name="months"
              label={t('loan.months')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ) : (
            <TextField<LoanPayoffForm>
              key="payment"
              id={`${id}-payment`}
              name="payment"
              label={t('loan.payment')}
              fullWidth
              slotProps={{ ...dollars, ...decimal }}
            />
          )}
        </FieldGrid>
      </Form>
      <ResultRegion figures={figures} message={message} />
    </CalculatorSection>
  );
}
