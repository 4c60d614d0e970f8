/**
 * The calculators by name, without their maths or zod: the lesson page and the server's
 * sanitiser check a name without loading calculators.ts.
 */
export const calculatorNames = [
  'compound-interest',
  'loan-payoff',
  'paycheck',
  'savings-goal',
] as const;
export type CalculatorName = (typeof calculatorNames)[number];

export function isCalculatorName(name: unknown): name is CalculatorName {
  return typeof name === 'string' && (calculatorNames as readonly string[]).includes(name);
}
