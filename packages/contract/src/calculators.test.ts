import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculatorMessages,
  compoundInterest,
  compoundInterestFormSchema,
  compoundingFrequencies,
  doublingTime,
  equivalentMonthlyRate,
  filingStatuses,
  incomeTaxCents,
  loanPayoffFormSchema,
  MAX_CALCULATOR_CENTS,
  MAX_MONTHS,
  MAX_RESULT_CENTS,
  MEDICARE_BASIS_POINTS,
  monthlyInterestCents,
  PAYCHECKS_PER_YEAR,
  paycheck,
  paycheckFormSchema,
  payFrequencies,
  paymentForMonths,
  payoffWithPayment,
  savingsBalanceCents,
  savingsGoal,
  savingsGoalFormSchema,
  SOCIAL_SECURITY_WAGE_BASE_CENTS,
  STANDARD_DEDUCTION_CENTS,
} from './calculators.ts';
import { isCalculatorName } from './calculator-names.ts';

const cents = (max: number) => fc.integer({ min: 0, max });
/** A rate between 0 % and 30 %, in steps of 0.01 %. */
const rate = fc.integer({ min: 0, max: 3000 }).map((basisPoints) => basisPoints / 10_000);
const positiveRate = fc.integer({ min: 1, max: 3000 }).map((basisPoints) => basisPoints / 10_000);

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('compound interest', () => {
  it('matches worked examples done by hand', () => {
    // $1,000 at 5 % compounded yearly for 2 years: 1,000 × 1.05² = 1,102.50.
    expect(
      compoundInterest({
        principalCents: 100_000,
        annualRate: 0.05,
        compoundsPerYear: 1,
        years: 2,
        monthlyDepositCents: 0,
      }),
    ).toEqual({ balanceCents: 110_250, depositsCents: 100_000, interestCents: 10_250 });
    // $100 a month for a year at 12 % compounded monthly: 100 × (1.01¹² − 1) / 0.01 = 1,268.25.
    expect(
      compoundInterest({
        principalCents: 0,
        annualRate: 0.12,
        compoundsPerYear: 12,
        years: 1,
        monthlyDepositCents: 10_000,
      }),
    ).toEqual({ balanceCents: 126_825, depositsCents: 120_000, interestCents: 6_825 });
  });

  it('at 0 % holds exactly the principal and the deposits', () => {
    fc.assert(
      fc.property(
        cents(MAX_CALCULATOR_CENTS),
        cents(1_000_000),
        fc.constantFrom(...compoundingFrequencies),
        fc.integer({ min: 1, max: 100 }),
        (principalCents, monthlyDepositCents, compoundsPerYear, years) => {
          const result = compoundInterest({
            principalCents,
            annualRate: 0,
            compoundsPerYear,
            years,
            monthlyDepositCents,
          });
          expect(result.balanceCents).toBe(principalCents + monthlyDepositCents * 12 * years);
          expect(result.interestCents).toBe(0);
        },
      ),
    );
  });

  it('with monthly compounding equals adding interest and a deposit month by month', () => {
    fc.assert(
      fc.property(
        cents(10_000_000),
        cents(100_000),
        rate,
        fc.integer({ min: 1, max: 40 }),
        (principalCents, monthlyDepositCents, annualRate, years) => {
          let balance = principalCents;
          for (let month = 0; month < years * 12; month += 1) {
            balance = balance * (1 + annualRate / 12) + monthlyDepositCents;
          }
          const result = compoundInterest({
            principalCents,
            annualRate,
            compoundsPerYear: 12,
            years,
            monthlyDepositCents,
          });
          expect(Math.abs(result.balanceCents - balance)).toBeLessThanOrEqual(1 + balance * 1e-9);
        },
      ),
    );
  });

  it('approaches continuous compounding, P·e^(rt), as interest is added more often', () => {
    fc.assert(
      fc.property(cents(10_000_000), positiveRate, fc.integer({ min: 1, max: 30 }), (p, r, t) => {
        const continuous = p * Math.exp(r * t);
        const balances = compoundingFrequencies.map(
          (n) =>
            compoundInterest({
              principalCents: p,
              annualRate: r,
              compoundsPerYear: n,
              years: t,
              monthlyDepositCents: 0,
            }).balanceCents,
        );
        // More often is never less, and never more than continuous.
        for (let index = 1; index < balances.length; index += 1) {
          expect(balances[index]!).toBeGreaterThanOrEqual(balances[index - 1]!);
        }
        expect(balances.at(-1)!).toBeLessThanOrEqual(Math.round(continuous));
        // Daily is within the continuous limit's first-order gap, P·e^(rt)·r²t/(2n).
        const gap = (continuous * r * r * t) / (2 * 365);
        expect(continuous - balances.at(-1)!).toBeLessThanOrEqual(gap + 1);
        const hourly = p * Math.pow(1 + r / 8760, 8760 * t);
        expect(Math.abs(continuous - hourly)).toBeLessThanOrEqual(gap);
      }),
    );
  });

  it('an equivalent monthly rate grows a year as the stated compounding does', () => {
    fc.assert(
      fc.property(positiveRate, fc.constantFrom(...compoundingFrequencies), (r, n) => {
        const monthly = equivalentMonthlyRate(r, n);
        expect(Math.pow(1 + monthly, 12)).toBeCloseTo(Math.pow(1 + r / n, n), 12);
      }),
    );
  });
});

describe('doubling time', () => {
  it('the rule of 72 says 9 years at 8 %; really about 9.01', () => {
    const time = doublingTime(0.08)!;
    expect(time.ruleOf72Years).toBe(9);
    expect(time.exactYears).toBeCloseTo(9.006, 3);
    expect(doublingTime(0)).toBeNull();
  });

  it('the exact time doubles the money, and the rule of 72 is within 6 % of it from 1 % to 20 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 2000 }).map((bp) => bp / 10_000),
        fc.constantFrom(...compoundingFrequencies),
        (r, n) => {
          const exact = doublingTime(r, n)!.exactYears;
          expect(Math.pow(1 + r / n, n * exact)).toBeCloseTo(2, 9);
          const yearly = doublingTime(r)!;
          expect(
            Math.abs(yearly.ruleOf72Years - yearly.exactYears) / yearly.exactYears,
          ).toBeLessThan(0.06);
        },
      ),
    );
  });
});

describe('loan and card payoff', () => {
  it('follows the lesson’s card: $1,000 at 24 % paying $30 takes 56 months and $664.43', () => {
    expect(monthlyInterestCents(100_000, 0.24)).toBe(2_000);
    expect(monthlyInterestCents(97_980, 0.24)).toBe(1_960);
    expect(payoffWithPayment({ balanceCents: 100_000, apr: 0.24, paymentCents: 3_000 })).toEqual({
      kind: 'paid-off',
      months: 56,
      totalInterestCents: 66_443,
      totalPaidCents: 166_443,
      lastPaymentCents: 1_443,
    });
  });

  it('never pays off when the payment is at most the month’s interest', () => {
    expect(payoffWithPayment({ balanceCents: 100_000, apr: 0.24, paymentCents: 2_000 })).toEqual({
      kind: 'never',
      monthlyInterestCents: 2_000,
    });
    fc.assert(
      fc.property(
        cents(MAX_CALCULATOR_CENTS),
        positiveRate,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (b, r, share) => {
          const interest = monthlyInterestCents(b, r);
          fc.pre(b > 0);
          const result = payoffWithPayment({
            balanceCents: b,
            apr: r,
            paymentCents: Math.floor(interest * share),
          });
          expect(result.kind).toBe('never');
        },
      ),
    );
  });

  it('says "more than 100 years" instead of counting forever', () => {
    expect(
      payoffWithPayment({ balanceCents: 100_000_000, apr: 0.12, paymentCents: 1_000_001 }),
    ).toEqual({ kind: 'too-long' });
  });

  it('the amortisation payment: $10,000 at 6 % over 60 months is $193.33 (by hand: 10,000 × 0.005 / (1 − 1.005⁻⁶⁰))', () => {
    expect(paymentForMonths({ balanceCents: 1_000_000, apr: 0.06, months: 60 })).toBe(19_333);
    expect(paymentForMonths({ balanceCents: 120_000, apr: 0, months: 12 })).toBe(10_000);
    expect(paymentForMonths({ balanceCents: 100_000, apr: 0, months: 3 })).toBe(33_334);
  });

  it('round-trips: the payment for m months pays the balance off within m months, a cent less does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: MAX_CALCULATOR_CENTS }),
        rate,
        fc.integer({ min: 1, max: 360 }),
        (b, r, m) => {
          const payment = paymentForMonths({ balanceCents: b, apr: r, months: m });
          const result = payoffWithPayment({ balanceCents: b, apr: r, paymentCents: payment });
          expect(result.kind).toBe('paid-off');
          if (result.kind !== 'paid-off') return;
          expect(result.months).toBeLessThanOrEqual(m);
          expect(result.totalPaidCents).toBe(
            payment * (result.months - 1) + result.lastPaymentCents,
          );
          const less = payoffWithPayment({ balanceCents: b, apr: r, paymentCents: payment - 1 });
          if (less.kind === 'paid-off') expect(less.months).toBeGreaterThan(m);
          // And the formula's payment is the schedule's, give or take a cent.
          const i = r / 12;
          const formula = i === 0 ? b / m : (b * i) / (1 - Math.pow(1 + i, -m));
          expect(Math.abs(payment - formula)).toBeLessThanOrEqual(1.5);
        },
      ),
    );
  });

  it('takes the months of the closed form n = −ln(1 − iB/P) / ln(1 + i), rounded up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 10_000_000 }),
        positiveRate,
        fc.double({ min: 1.05, max: 20, noNaN: true }),
        (b, r, multiple) => {
          const i = r / 12;
          const payment = Math.ceil(b * i * multiple) + 100;
          const closed = -Math.log1p((-i * b) / payment) / Math.log1p(i);
          fc.pre(closed < MAX_MONTHS);
          const result = payoffWithPayment({ balanceCents: b, apr: r, paymentCents: payment });
          expect(result.kind).toBe('paid-off');
          if (result.kind !== 'paid-off') return;
          // Rounding each month's interest to the cent moves the end by at most a month.
          expect(Math.abs(result.months - Math.ceil(closed))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('paycheck (2026)', () => {
  it('matches the published 2026 tax on the top of each bracket', () => {
    expect(incomeTaxCents(1_240_000, 'single')).toBe(124_000);
    expect(incomeTaxCents(5_040_000, 'single')).toBe(580_000);
    expect(incomeTaxCents(10_570_000, 'single')).toBe(1_796_600);
    expect(incomeTaxCents(20_177_500, 'single')).toBe(4_102_400);
    expect(incomeTaxCents(25_622_500, 'single')).toBe(5_844_800);
    expect(incomeTaxCents(64_060_000, 'single')).toBe(19_297_925);
    expect(incomeTaxCents(10_080_000, 'married')).toBe(1_160_000);
    expect(incomeTaxCents(76_870_000, 'married')).toBe(20_658_350);
    expect(incomeTaxCents(0, 'single')).toBe(0);
  });

  it('works a weekly $500 paycheck out by hand', () => {
    // SS 6.2 % = $31.00; Medicare 1.45 % = $7.25; federal: (500 × 52 − 16,100) × 10 % / 52 = $19.04.
    expect(
      paycheck({
        grossCents: 50_000,
        frequency: 'weekly',
        filingStatus: 'single',
        earnedBeforeCents: 0,
      }),
    ).toEqual({
      socialSecurityCents: 3_100,
      medicareCents: 725,
      federalIncomeTaxCents: 1_904,
      netCents: 44_271,
    });
    // Under the standard deduction, nothing is withheld for income tax.
    expect(
      paycheck({
        grossCents: 100_000,
        frequency: 'monthly',
        filingStatus: 'single',
        earnedBeforeCents: 0,
      }).federalIncomeTaxCents,
    ).toBe(0);
  });

  it('stops Social Security at the wage base and adds 0.9 % Medicare past $200,000', () => {
    const last = paycheck({
      grossCents: 1_000_000,
      frequency: 'monthly',
      filingStatus: 'single',
      earnedBeforeCents: SOCIAL_SECURITY_WAGE_BASE_CENTS - 400_000,
    });
    expect(last.socialSecurityCents).toBe(24_800); // 6.2 % of the $4,000 left under the base
    const past = paycheck({
      grossCents: 1_000_000,
      frequency: 'monthly',
      filingStatus: 'single',
      earnedBeforeCents: 19_500_000,
    });
    expect(past.socialSecurityCents).toBe(0);
    // 1.45 % of $10,000 = $145, and 0.9 % of the $5,000 past $200,000 = $45.
    expect(past.medicareCents).toBe(19_000);
  });

  it('a year of paychecks pays 6.2 % of the wages up to the base, and net pay adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.constantFrom(...payFrequencies),
        fc.constantFrom(...filingStatuses),
        (gross, frequency, filingStatus) => {
          const perYear = PAYCHECKS_PER_YEAR[frequency];
          let socialSecurity = 0;
          let medicare = 0;
          for (let index = 0; index < perYear; index += 1) {
            const check = paycheck({
              grossCents: gross,
              frequency,
              filingStatus,
              earnedBeforeCents: gross * index,
            });
            expect(check.netCents).toBe(
              gross - check.socialSecurityCents - check.medicareCents - check.federalIncomeTaxCents,
            );
            socialSecurity += check.socialSecurityCents;
            medicare += check.medicareCents;
          }
          const wages = gross * perYear;
          const expected = Math.min(wages, SOCIAL_SECURITY_WAGE_BASE_CENTS) * 0.062;
          expect(Math.abs(socialSecurity - expected)).toBeLessThanOrEqual(perYear);
          const expectedMedicare =
            (wages * MEDICARE_BASIS_POINTS) / 10_000 + Math.max(0, wages - 20_000_000) * 0.009;
          expect(Math.abs(medicare - expectedMedicare)).toBeLessThanOrEqual(2 * perYear);
        },
      ),
    );
  });

  it('income tax never falls as pay rises, and a dollar more is taxed at most 37 cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...filingStatuses),
        (taxable, more, status) => {
          const before = incomeTaxCents(taxable, status);
          const after = incomeTaxCents(taxable + more, status);
          expect(after).toBeGreaterThanOrEqual(before);
          expect(after - before).toBeLessThanOrEqual(Math.ceil(more * 0.37) + 7);
          const deduction = STANDARD_DEDUCTION_CENTS[status];
          expect(incomeTaxCents(Math.max(0, taxable - deduction), status)).toBeLessThanOrEqual(
            before,
          );
        },
      ),
    );
  });
});

describe('savings goal', () => {
  it('works examples out by hand', () => {
    // $1,200 in 12 months at 0 %: $100 a month.
    expect(savingsGoal({ targetCents: 120_000, savedCents: 0, months: 12, annualRate: 0 })).toEqual(
      {
        monthlyDepositCents: 10_000,
        depositsCents: 120_000,
        finalBalanceCents: 120_000,
        interestCents: 0,
      },
    );
    // $1,268.25 in 12 months at 12 %: the $100 a month of the compound example.
    expect(
      savingsGoal({ targetCents: 126_825, savedCents: 0, months: 12, annualRate: 0.12 })
        .monthlyDepositCents,
    ).toBe(10_000);
    // Already saved more than the target.
    expect(
      savingsGoal({ targetCents: 50_000, savedCents: 60_000, months: 6, annualRate: 0.02 })
        .monthlyDepositCents,
    ).toBe(0);
  });

  it('gives the smallest whole-cent deposit that reaches the target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_CALCULATOR_CENTS }),
        cents(MAX_CALCULATOR_CENTS),
        fc.integer({ min: 1, max: MAX_MONTHS }),
        rate,
        (targetCents, savedCents, months, annualRate) => {
          const result = savingsGoal({ targetCents, savedCents, months, annualRate });
          fc.pre(result.finalBalanceCents <= MAX_RESULT_CENTS);
          const i = annualRate / 12;
          expect(
            savingsBalanceCents(savedCents, result.monthlyDepositCents, i, months),
          ).toBeGreaterThanOrEqual(targetCents);
          if (result.monthlyDepositCents > 0) {
            expect(
              savingsBalanceCents(savedCents, result.monthlyDepositCents - 1, i, months),
            ).toBeLessThan(targetCents);
          }
          expect(result.finalBalanceCents).toBe(
            savedCents + result.depositsCents + result.interestCents,
          );
        },
      ),
    );
  });

  it('agrees with compound interest: the deposit for a goal grows to the goal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: MAX_CALCULATOR_CENTS }),
        rate,
        fc.integer({ min: 1, max: 40 }),
        (targetCents, annualRate, years) => {
          const goal = savingsGoal({ targetCents, savedCents: 0, months: years * 12, annualRate });
          const grown = compoundInterest({
            principalCents: 0,
            annualRate,
            compoundsPerYear: 12,
            years,
            monthlyDepositCents: goal.monthlyDepositCents,
          });
          expect(grown.balanceCents).toBeGreaterThanOrEqual(targetCents);
          expect(grown.balanceCents).toBe(goal.finalBalanceCents);
        },
      ),
    );
  });
});

describe('the calculators’ forms', () => {
  const compoundForm = {
    principal: '1,000',
    rate: '5',
    compounding: '12',
    years: '10',
    monthlyDeposit: '$50.00',
  };

  it('turn typed text into cents and decimal rates', () => {
    expect(compoundInterestFormSchema.parse(compoundForm)).toEqual({
      principalCents: 100_000,
      annualRate: 0.05,
      compoundsPerYear: 12,
      years: 10,
      monthlyDepositCents: 5_000,
    });
    expect(
      loanPayoffFormSchema.parse({
        mode: 'months',
        balance: '500',
        apr: '24.99%',
        months: '12',
        payment: '',
      }),
    ).toEqual({ mode: 'months', balanceCents: 50_000, apr: 0.2499, months: 12 });
    expect(
      savingsGoalFormSchema.parse({ target: '1200', saved: '0', months: '12', rate: '0' }),
    ).toEqual({ targetCents: 120_000, savedCents: 0, months: 12, annualRate: 0 });
  });

  it('say what is wrong with negative, unreadable and absurd values', () => {
    expect(
      issues(
        compoundInterestFormSchema.safeParse({
          principal: '-5',
          rate: 'NaN',
          compounding: '7',
          years: '1.5',
          monthlyDeposit: '',
        }),
      ),
    ).toEqual({
      principal: calculatorMessages.amountNegative,
      rate: calculatorMessages.rateFormat,
      compounding: calculatorMessages.unknownChoice,
      years: calculatorMessages.yearsRange,
      monthlyDeposit: calculatorMessages.required,
    });
    expect(
      issues(
        compoundInterestFormSchema.safeParse({
          ...compoundForm,
          principal: '10000000',
          rate: '100',
          years: '100',
        }),
      ),
    ).toEqual({ years: calculatorMessages.resultTooLarge });
    expect(
      issues(
        paycheckFormSchema.safeParse({
          gross: '0',
          frequency: 'daily',
          filingStatus: 'single',
          earnedBefore: '20000000',
        }),
      ),
    ).toEqual({
      gross: calculatorMessages.amountPositive,
      frequency: calculatorMessages.unknownChoice,
      earnedBefore: calculatorMessages.amountTooLarge,
    });
    expect(
      issues(
        loanPayoffFormSchema.safeParse({
          mode: 'payment',
          balance: '1e5',
          apr: '101',
          payment: 'Infinity',
        }),
      ),
    ).toEqual({
      balance: calculatorMessages.amountFormat,
      apr: calculatorMessages.rateTooLarge,
      payment: calculatorMessages.amountFormat,
    });
    expect(
      issues(
        savingsGoalFormSchema.safeParse({ target: '100', saved: '0', months: '1201', rate: '−2' }),
      ),
    ).toEqual({ months: calculatorMessages.monthsRange, rate: calculatorMessages.rateNegative });
  });

  it('know their calculators by name', () => {
    expect(isCalculatorName('loan-payoff')).toBe(true);
    expect(isCalculatorName('mortgage')).toBe(false);
    expect(isCalculatorName(undefined)).toBe(false);
  });
});
