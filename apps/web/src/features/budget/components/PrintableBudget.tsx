import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  budgetGroups,
  monthlyCents,
  type BudgetBody,
  type BudgetSummary,
} from '@bullpen/contract/budget';
import { useFormatters } from '@/lib/format.ts';

const cell = { border: '1px solid #999', padding: '4px 6px', textAlign: 'left' } as const;
const number = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The budget as it prints: hidden on screen, the only part of the page on paper (the page's
 * print styles hide the app's header, menus and the form). Lines, totals and goals.
 */
export function PrintableBudget({ body, summary }: { body: BudgetBody; summary: BudgetSummary }) {
  const { t } = useTranslation('budget');
  const format = useFormatters();
  const lines = [
    ...body.incomes.map((line) => ({
      ...line,
      kind: t('csv.income'),
      name: t(`incomeCategories.${line.category}`),
    })),
    ...body.expenses.map((line) => ({
      ...line,
      kind: t('csv.expense'),
      name: t(`expenseCategories.${line.category}`),
    })),
  ];
  return (
    <Box
      data-testid="budget-print"
      sx={{ display: 'none', '@media print': { display: 'block' }, color: '#000' }}
    >
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
        {t('print.heading', { name: body.name })}
      </Typography>
      <Typography component="h2" sx={{ fontWeight: 700, mt: 2 }}>
        {t('print.lines')}
      </Typography>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            <th style={cell}>{t('csv.section')}</th>
            <th style={cell}>{t('csv.label')}</th>
            <th style={cell}>{t('csv.category')}</th>
            <th style={number}>{t('csv.amount')}</th>
            <th style={cell}>{t('csv.frequency')}</th>
            <th style={number}>{t('csv.monthly')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td style={cell}>{line.kind}</td>
              <td style={cell}>{line.label}</td>
              <td style={cell}>{line.name}</td>
              <td style={number}>{format.cents(line.amount_cents)}</td>
              <td style={cell}>{t(`frequencies.${line.frequency}`)}</td>
              <td style={number}>
                {format.cents(monthlyCents(line.amount_cents, line.frequency))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography component="h2" sx={{ fontWeight: 700, mt: 2 }}>
        {t('print.totals')}
      </Typography>
      <table style={{ borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <th style={cell}>{t('summary.income')}</th>
            <td style={number}>{format.cents(summary.monthlyIncomeCents)}</td>
          </tr>
          <tr>
            <th style={cell}>{t('summary.expenses')}</th>
            <td style={number}>{format.cents(summary.monthlyExpensesCents)}</td>
          </tr>
          {budgetGroups.map((group) => (
            <tr key={group}>
              <th style={cell}>{t(`groups.${group}`)}</th>
              <td style={number}>{format.cents(summary.byGroup[group])}</td>
            </tr>
          ))}
          <tr>
            <th style={cell}>
              {t(summary.surplusCents < 0 ? 'summary.deficit' : 'summary.surplus')}
            </th>
            <td style={number}>{format.signedCents(summary.surplusCents)}</td>
          </tr>
          <tr>
            <th style={cell}>{t('summary.savingsRate')}</th>
            <td style={number}>
              {summary.savingsRate === null ? '—' : format.percent(summary.savingsRate)}
            </td>
          </tr>
        </tbody>
      </table>
      {body.goals.length > 0 && (
        <>
          <Typography component="h2" sx={{ fontWeight: 700, mt: 2 }}>
            {t('editor.goals')}
          </Typography>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={cell}>{t('csv.goal')}</th>
                <th style={number}>{t('csv.target')}</th>
                <th style={number}>{t('csv.saved')}</th>
                <th style={cell}>{t('csv.date')}</th>
                <th style={number}>{t('projection.monthN', { count: 12 })}</th>
              </tr>
            </thead>
            <tbody>
              {body.goals.map((goal, index) => (
                <tr key={index}>
                  <td style={cell}>{goal.name}</td>
                  <td style={number}>{format.cents(goal.target_cents)}</td>
                  <td style={number}>{format.cents(goal.saved_cents)}</td>
                  <td style={cell}>{goal.target_date}</td>
                  <td style={number}>
                    {format.cents(summary.goals[index]?.balances[11] ?? goal.saved_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Box>
  );
}
