import { z } from 'zod';
import { basisPointsOf, parseDollarsToCents, prorateCents } from './money.ts';

/**
 * The maths of the calculators (the /tools page and the ones inside lessons). Money is integer
 * cents, as everywhere (money.ts); a rate is an annual decimal (0.05 is 5 %), the way the
 * formulas are taught; tax rates are basis points (620 bp is 6.2 %), as money rules are. Results
 * are rounded to the cent once, at the end of a closed form, or each month where a lender would
 * round (a card's interest). These are teaching tools: each one says what it leaves out.
 */

export const MONTHS_PER_YEAR = 12;
/** The largest amount a calculator takes: $10,000,000.00. */
export const MAX_CALCULATOR_CENTS = 1_000_000_000;
/** The largest result shown: $1,000,000,000,000.00, far inside the safe integers. */
export const MAX_RESULT_CENTS = 100_000_000_000_000;
export const MAX_RATE_PERCENT = 100;
export const MAX_YEARS = 100;
export const MAX_MONTHS = MAX_YEARS * MONTHS_PER_YEAR;

// ---------------------------------------------------------------------------------------------
// Compound interest and the rule of 72

/** How often interest is added: yearly, twice a year, quarterly, monthly, daily. */
export const compoundingFrequencies = [1, 2, 4, 12, 365] as const;
export type CompoundsPerYear = (typeof compoundingFrequencies)[number];

export interface CompoundInput {
  principalCents: number;
  annualRate: number;
  compoundsPerYear: number;
  years: number;
  /** Added at the end of every month (0 for none). */
  monthlyDepositCents: number;
}

export interface CompoundResult {
  balanceCents: number;
  /** The principal plus every deposit. */
  depositsCents: number;
  interestCents: number;
}

/** (1 + x)^n − 1, precise when x is tiny (a daily rate). */
function growthMinusOne(rate: number, periods: number): number {
  return Math.expm1(periods * Math.log1p(rate));
}

/**
 * The monthly rate that grows money as much in a month as `annualRate` compounded
 * `compoundsPerYear` times a year: (1 + r/n)^(n/12) − 1.
 */
export function equivalentMonthlyRate(annualRate: number, compoundsPerYear: number): number {
  return growthMinusOne(annualRate / compoundsPerYear, compoundsPerYear / MONTHS_PER_YEAR);
}

/**
 * A balance after `years`: P(1 + r/n)^(nt), plus the future value of the monthly deposits,
 * D((1 + i)^(12t) − 1)/i with i the equivalent monthly rate (each deposit earns from the end
 * of its month; with monthly compounding this is the textbook annuity formula).
 */
export function compoundInterest(input: CompoundInput): CompoundResult {
  const { principalCents, annualRate, compoundsPerYear, years, monthlyDepositCents } = input;
  const principalGrowth =
    principalCents * (1 + growthMinusOne(annualRate / compoundsPerYear, compoundsPerYear * years));
  const months = years * MONTHS_PER_YEAR;
  const monthlyRate = equivalentMonthlyRate(annualRate, compoundsPerYear);
  const depositGrowth =
    monthlyRate === 0
      ? monthlyDepositCents * months
      : (monthlyDepositCents * growthMinusOne(monthlyRate, months)) / monthlyRate;
  const balanceCents = Math.round(principalGrowth + depositGrowth);
  const depositsCents = principalCents + monthlyDepositCents * months;
  return { balanceCents, depositsCents, interestCents: balanceCents - depositsCents };
}

export interface DoublingTime {
  /** 72 ÷ the rate in percent: the quick estimate. */
  ruleOf72Years: number;
  /** ln 2 ÷ (n ln(1 + r/n)): when the money really doubles. */
  exactYears: number;
}

/** How long money takes to double at `annualRate`; null at a rate of 0 (it never does). */
export function doublingTime(annualRate: number, compoundsPerYear = 1): DoublingTime | null {
  if (!(annualRate > 0)) return null;
  return {
    ruleOf72Years: 72 / (annualRate * 100),
    exactYears: Math.LN2 / (compoundsPerYear * Math.log1p(annualRate / compoundsPerYear)),
  };
}

// ---------------------------------------------------------------------------------------------
// Loans and credit cards

/** A month's interest on a balance at an APR: the APR ÷ 12, rounded to the cent. */
export function monthlyInterestCents(balanceCents: number, apr: number): number {
  return Math.round((balanceCents * apr) / MONTHS_PER_YEAR);
}

export type PayoffResult =
  | {
      kind: 'paid-off';
      months: number;
      totalInterestCents: number;
      totalPaidCents: number;
      /** The last payment, often smaller than the others. */
      lastPaymentCents: number;
    }
  /** The payment does not cover the first month's interest: the balance never falls. */
  | { kind: 'never'; monthlyInterestCents: number }
  /** Paid off, but only after more than MAX_MONTHS (100 years). */
  | { kind: 'too-long' };

/**
 * Paying `paymentCents` each month on a balance at an APR, with no new charges: each month
 * the interest (APR ÷ 12 of the balance, rounded to the cent) is added, then the payment is
 * taken. Real cards work out interest daily; this is the month-by-month way lessons teach.
 */
export function payoffWithPayment({
  balanceCents,
  apr,
  paymentCents,
}: {
  balanceCents: number;
  apr: number;
  paymentCents: number;
}): PayoffResult {
  const firstInterest = monthlyInterestCents(balanceCents, apr);
  if (balanceCents > 0 && paymentCents <= firstInterest) {
    return { kind: 'never', monthlyInterestCents: firstInterest };
  }
  let balance = balanceCents;
  let months = 0;
  let totalInterestCents = 0;
  let lastPaymentCents = 0;
  while (balance > 0) {
    if (months === MAX_MONTHS) return { kind: 'too-long' };
    const interest = monthlyInterestCents(balance, apr);
    balance += interest;
    totalInterestCents += interest;
    lastPaymentCents = Math.min(paymentCents, balance);
    balance -= lastPaymentCents;
    months += 1;
  }
  return {
    kind: 'paid-off',
    months,
    totalInterestCents,
    totalPaidCents: balanceCents + totalInterestCents,
    lastPaymentCents,
  };
}

/**
 * The monthly payment that pays a balance off in `months`: the amortisation formula
 * B·i / (1 − (1 + i)^−m) with i = APR ÷ 12 (B ÷ m at 0 %), rounded up to the cent, then
 * settled against the month-by-month schedule of `payoffWithPayment` (its interest is rounded
 * each month, which can move the end by a cent): the smallest whole-cent payment that is done
 * in `months`.
 */
export function paymentForMonths({
  balanceCents,
  apr,
  months,
}: {
  balanceCents: number;
  apr: number;
  months: number;
}): number {
  if (balanceCents <= 0) return 0;
  const rate = apr / MONTHS_PER_YEAR;
  const exact =
    rate === 0
      ? balanceCents / months
      : (balanceCents * rate) / -Math.expm1(-months * Math.log1p(rate));
  const doneIn = (paymentCents: number) => {
    const result = payoffWithPayment({ balanceCents, apr, paymentCents });
    return result.kind === 'paid-off' && result.months <= months;
  };
  // A float a hair above a whole cent must not round up a cent too far.
  let payment = Math.max(1, Math.ceil(exact - 1e-6));
  while (!doneIn(payment)) payment += 1;
  while (payment > 1 && doneIn(payment - 1)) payment -= 1;
  return payment;
}

// ---------------------------------------------------------------------------------------------
// Paycheck (2026 figures)

/** The tax year of every figure below. */
export const PAYCHECK_TAX_YEAR = 2026;
/** Social Security: 6.2 % of wages up to the year's wage base (SSA, 2026: $184,500). */
export const SOCIAL_SECURITY_BASIS_POINTS = 620;
export const SOCIAL_SECURITY_WAGE_BASE_CENTS = 18_450_000;
/** Medicare: 1.45 % of all wages, and 0.9 % more withheld on wages past $200,000 in a year. */
export const MEDICARE_BASIS_POINTS = 145;
export const ADDITIONAL_MEDICARE_BASIS_POINTS = 90;
export const ADDITIONAL_MEDICARE_THRESHOLD_CENTS = 20_000_000;

export const payFrequencies = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayFrequency = (typeof payFrequencies)[number];
export const PAYCHECKS_PER_YEAR: Record<PayFrequency, number> = {
  weekly: 52,
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
};

export const filingStatuses = ['single', 'married'] as const;
export type FilingStatus = (typeof filingStatuses)[number];

/** IRS, tax year 2026 (its inflation adjustments of October 2025): the standard deduction. */
export const STANDARD_DEDUCTION_CENTS: Record<FilingStatus, number> = {
  single: 1_610_000,
  married: 3_220_000,
};

/** A bracket: its rate on taxable income up to `upToCents` (null: no top). */
export type TaxBracket = { upToCents: number | null; basisPoints: number };

/** IRS, tax year 2026: single, and married filing jointly. */
export const TAX_BRACKETS: Record<FilingStatus, readonly TaxBracket[]> = {
  single: [
    { upToCents: 1_240_000, basisPoints: 1000 },
    { upToCents: 5_040_000, basisPoints: 1200 },
    { upToCents: 10_570_000, basisPoints: 2200 },
    { upToCents: 20_177_500, basisPoints: 2400 },
    { upToCents: 25_622_500, basisPoints: 3200 },
    { upToCents: 64_060_000, basisPoints: 3500 },
    { upToCents: null, basisPoints: 3700 },
  ],
  married: [
    { upToCents: 2_480_000, basisPoints: 1000 },
    { upToCents: 10_080_000, basisPoints: 1200 },
    { upToCents: 21_140_000, basisPoints: 2200 },
    { upToCents: 40_355_000, basisPoints: 2400 },
    { upToCents: 51_245_000, basisPoints: 3200 },
    { upToCents: 76_870_000, basisPoints: 3500 },
    { upToCents: null, basisPoints: 3700 },
  ],
};

/** Income tax on a year's taxable income, bracket by bracket (each slice to the cent). */
export function incomeTaxCents(taxableCents: number, status: FilingStatus): number {
  let tax = 0;
  let from = 0;
  for (const { upToCents, basisPoints } of TAX_BRACKETS[status]) {
    const to = upToCents === null ? taxableCents : Math.min(taxableCents, upToCents);
    if (to <= from) break;
    tax += basisPointsOf(to - from, basisPoints, 'half-up');
    from = to;
  }
  return tax;
}

export interface PaycheckInput {
  grossCents: number;
  frequency: PayFrequency;
  filingStatus: FilingStatus;
  /** Wages already paid this year, before this paycheck (for the wage base and the 0.9 %). */
  earnedBeforeCents: number;
}

export interface PaycheckResult {
  socialSecurityCents: number;
  medicareCents: number;
  federalIncomeTaxCents: number;
  netCents: number;
}

/**
 * One paycheck, gross to net: FICA exactly as the rules say, and a simplified federal income
 * tax withholding — the paycheck taken as a year's pay (× paychecks a year), less the standard
 * deduction, through the year's brackets, shared over the paychecks. An employer's payroll
 * follows IRS Publication 15-T and the worker's Form W-4; state tax and other deductions
 * (health plans, retirement) are left out.
 */
export function paycheck(input: PaycheckInput): PaycheckResult {
  const { grossCents, frequency, filingStatus, earnedBeforeCents } = input;
  const socialSecurityWages = Math.max(
    0,
    Math.min(grossCents, SOCIAL_SECURITY_WAGE_BASE_CENTS - earnedBeforeCents),
  );
  const additionalMedicareWages = Math.max(
    0,
    Math.min(grossCents, earnedBeforeCents + grossCents - ADDITIONAL_MEDICARE_THRESHOLD_CENTS),
  );
  const socialSecurityCents = basisPointsOf(
    socialSecurityWages,
    SOCIAL_SECURITY_BASIS_POINTS,
    'half-up',
  );
  const medicareCents =
    basisPointsOf(grossCents, MEDICARE_BASIS_POINTS, 'half-up') +
    basisPointsOf(additionalMedicareWages, ADDITIONAL_MEDICARE_BASIS_POINTS, 'half-up');
  const perYear = PAYCHECKS_PER_YEAR[frequency];
  const taxable = Math.max(0, grossCents * perYear - STANDARD_DEDUCTION_CENTS[filingStatus]);
  const federalIncomeTaxCents = prorateCents(incomeTaxCents(taxable, filingStatus), 1, perYear);
  return {
    socialSecurityCents,
    medicareCents,
    federalIncomeTaxCents,
    netCents: grossCents - socialSecurityCents - medicareCents - federalIncomeTaxCents,
  };
}

// ---------------------------------------------------------------------------------------------
// Savings goal

export interface SavingsGoalInput {
  targetCents: number;
  savedCents: number;
  months: number;
  /** Interest on the savings, compounded monthly (0 for a piggy bank). */
  annualRate: number;
}

export interface SavingsGoalResult {
  /** The deposit at the end of each month that reaches the target; 0 when already there. */
  monthlyDepositCents: number;
  depositsCents: number;
  /** What the savings hold after `months` with that deposit (at least the target). */
  finalBalanceCents: number;
  interestCents: number;
}

/** The balance after `months` of `depositCents` at the end of each month, at rate i a month. */
export function savingsBalanceCents(
  savedCents: number,
  depositCents: number,
  monthlyRate: number,
  months: number,
): number {
  if (monthlyRate === 0) return savedCents + depositCents * months;
  const growth = growthMinusOne(monthlyRate, months);
  return savedCents * (1 + growth) + (depositCents * growth) / monthlyRate;
}

/**
 * The monthly deposit for a goal: the smallest whole-cent D with
 * S(1 + i)^m + D((1 + i)^m − 1)/i ≥ target, i = rate ÷ 12 (D = (target − S)/m at 0 %).
 */
export function savingsGoal(input: SavingsGoalInput): SavingsGoalResult {
  const { targetCents, savedCents, months, annualRate } = input;
  const monthlyRate = annualRate / MONTHS_PER_YEAR;
  const missing = targetCents - savingsBalanceCents(savedCents, 0, monthlyRate, months);
  let deposit = 0;
  if (missing > 0) {
    const perCent = savingsBalanceCents(0, 1, monthlyRate, months);
    deposit = Math.ceil(missing / perCent - 1e-9);
    // The float estimate can be a cent off either way: settle it against the target.
    while (savingsBalanceCents(savedCents, deposit, monthlyRate, months) < targetCents) {
      deposit += 1;
    }
    while (
      deposit > 0 &&
      savingsBalanceCents(savedCents, deposit - 1, monthlyRate, months) >= targetCents
    ) {
      deposit -= 1;
    }
  }
  const finalBalanceCents = Math.round(
    savingsBalanceCents(savedCents, deposit, monthlyRate, months),
  );
  const depositsCents = deposit * months;
  return {
    monthlyDepositCents: deposit,
    depositsCents,
    finalBalanceCents,
    interestCents: finalBalanceCents - savedCents - depositsCents,
  };
}

// ---------------------------------------------------------------------------------------------
// Forms: what a person types, checked and turned into the numbers above

export const calculatorMessages = {
  required: 'Required',
  amountFormat: 'Enter an amount in dollars, like 12.50.',
  amountNegative: 'Enter an amount of $0.00 or more.',
  amountTooLarge: 'Enter at most $10,000,000.00.',
  amountPositive: 'Enter an amount above $0.00.',
  rateFormat: 'Enter a rate in percent, like 5 or 4.25.',
  rateNegative: 'Enter a rate of 0% or more.',
  rateTooLarge: `Enter a rate of at most ${MAX_RATE_PERCENT}%.`,
  yearsRange: `Enter whole years from 1 to ${MAX_YEARS}.`,
  monthsRange: `Enter whole months from 1 to ${MAX_MONTHS.toLocaleString('en-US')}.`,
  resultTooLarge: 'The result passes $1,000,000,000,000.00. Try a lower rate or fewer years.',
  unknownChoice: 'Choose one of the options.',
} as const;

const NEGATIVE = /^\s*[-−]/;

const textField = z
  .string({ error: calculatorMessages.required })
  .trim()
  .min(1, { message: calculatorMessages.required, abort: true });

/** Dollars as typed ("1,250.50", "$80") → cents. */
function dollarsField({ positive }: { positive: boolean }) {
  return textField.transform((text, context) => {
    if (NEGATIVE.test(text)) {
      context.addIssue({ code: 'custom', message: calculatorMessages.amountNegative });
      return z.NEVER;
    }
    const cents = parseDollarsToCents(text);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: calculatorMessages.amountFormat });
      return z.NEVER;
    }
    if (cents > MAX_CALCULATOR_CENTS) {
      context.addIssue({ code: 'custom', message: calculatorMessages.amountTooLarge });
      return z.NEVER;
    }
    if (positive && cents === 0) {
      context.addIssue({ code: 'custom', message: calculatorMessages.amountPositive });
      return z.NEVER;
    }
    return cents;
  });
}

const PERCENT = /^\d{1,3}(?:\.\d{1,3})?$/;

/** A percentage as typed ("5", "24.99", "4.125%") → an annual decimal rate (0.2499). */
const rateField = textField.transform((text, context) => {
  if (NEGATIVE.test(text)) {
    context.addIssue({ code: 'custom', message: calculatorMessages.rateNegative });
    return z.NEVER;
  }
  const plain = text.replace(/\s*%$/, '');
  if (!PERCENT.test(plain)) {
    context.addIssue({ code: 'custom', message: calculatorMessages.rateFormat });
    return z.NEVER;
  }
  const percent = Number(plain);
  if (percent > MAX_RATE_PERCENT) {
    context.addIssue({ code: 'custom', message: calculatorMessages.rateTooLarge });
    return z.NEVER;
  }
  // "24.99" → 0.2499 exactly: dividing by 100 in binary would give 0.24989999999999998.
  return Number(`${plain}e-2`);
});

function wholeField(max: number, message: string) {
  return textField.transform((text, context) => {
    const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(value >= 1 && value <= max)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

const yearsField = wholeField(MAX_YEARS, calculatorMessages.yearsRange);
const monthsField = wholeField(MAX_MONTHS, calculatorMessages.monthsRange);

function choiceField<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: calculatorMessages.unknownChoice });
}

export const compoundInterestFormSchema = z
  .object({
    principal: dollarsField({ positive: false }),
    rate: rateField,
    compounding: choiceField(['1', '2', '4', '12', '365']).transform(
      (value) => Number(value) as CompoundsPerYear,
    ),
    years: yearsField,
    monthlyDeposit: dollarsField({ positive: false }),
  })
  .transform((form, context) => {
    const input: CompoundInput = {
      principalCents: form.principal,
      annualRate: form.rate,
      compoundsPerYear: form.compounding,
      years: form.years,
      monthlyDepositCents: form.monthlyDeposit,
    };
    if (!(compoundInterest(input).balanceCents <= MAX_RESULT_CENTS)) {
      context.addIssue({
        code: 'custom',
        path: ['years'],
        message: calculatorMessages.resultTooLarge,
      });
      return z.NEVER;
    }
    return input;
  });
export type CompoundInterestForm = z.input<typeof compoundInterestFormSchema>;

export const loanModes = ['payment', 'months'] as const;
export type LoanMode = (typeof loanModes)[number];

/** The loan form: the payment is read in "payment" mode, the months in "months" mode. */
export const loanPayoffFormSchema = z.discriminatedUnion('mode', [
  z
    .object({
      mode: z.literal('payment'),
      balance: dollarsField({ positive: true }),
      apr: rateField,
      payment: dollarsField({ positive: true }),
      months: z.string().optional(),
    })
    .transform(({ balance, apr, payment }) => ({
      mode: 'payment' as const,
      balanceCents: balance,
      apr,
      paymentCents: payment,
    })),
  z
    .object({
      mode: z.literal('months'),
      balance: dollarsField({ positive: true }),
      apr: rateField,
      payment: z.string().optional(),
      months: monthsField,
    })
    .transform(({ balance, apr, months }) => ({
      mode: 'months' as const,
      balanceCents: balance,
      apr,
      months,
    })),
]);
export type LoanPayoffForm = z.input<typeof loanPayoffFormSchema>;

export const paycheckFormSchema = z
  .object({
    gross: dollarsField({ positive: true }),
    frequency: choiceField(payFrequencies),
    filingStatus: choiceField(filingStatuses),
    earnedBefore: dollarsField({ positive: false }),
  })
  .transform((form): PaycheckInput => ({
    grossCents: form.gross,
    frequency: form.frequency,
    filingStatus: form.filingStatus,
    earnedBeforeCents: form.earnedBefore,
  }));
export type PaycheckForm = z.input<typeof paycheckFormSchema>;

export const savingsGoalFormSchema = z
  .object({
    target: dollarsField({ positive: true }),
    saved: dollarsField({ positive: false }),
    months: monthsField,
    rate: rateField,
  })
  .transform((form, context): SavingsGoalInput => {
    const input = {
      targetCents: form.target,
      savedCents: form.saved,
      months: form.months,
      annualRate: form.rate,
    };
    if (!(savingsGoal(input).finalBalanceCents <= MAX_RESULT_CENTS)) {
      context.addIssue({
        code: 'custom',
        path: ['months'],
        message: calculatorMessages.resultTooLarge,
      });
      return z.NEVER;
    }
    return input;
  });
export type SavingsGoalForm = z.input<typeof savingsGoalFormSchema>;
