import type { ComponentType } from 'react';
import { isCalculatorName, type CalculatorName } from '@bullpen/contract/calculator-names';
import type { CalculatorProps } from './CalculatorParts.tsx';
import { CompoundInterestCalculator } from './CompoundInterestCalculator.tsx';
import { LoanPayoffCalculator } from './LoanPayoffCalculator.tsx';
import { PaycheckCalculator } from './PaycheckCalculator.tsx';
import { SavingsGoalCalculator } from './SavingsGoalCalculator.tsx';

export const calculators: Record<CalculatorName, ComponentType<CalculatorProps>> = {
  'compound-interest': CompoundInterestCalculator,
  'loan-payoff': LoanPayoffCalculator,
  paycheck: PaycheckCalculator,
  'savings-goal': SavingsGoalCalculator,
};

/** A calculator by its name (a lesson's placeholder); nothing for a name it does not know. */
export function Calculator({ name, ...props }: CalculatorProps & { name: string }) {
  if (!isCalculatorName(name)) return null;
  const Component = calculators[name];
  return <Component {...props} />;
}
