import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { budgetGroups, type BudgetGroup, type BudgetSummary } from '@bullpen/contract/budget';
import { DonutChart, foldSlices } from '@/components/charts/DonutChart.tsx';
import { useFormatters } from '@/lib/format.ts';

/** Within a cent of the guide counts as on it; otherwise over or under (said in words). */
function ruleStatus(actual: number, target: number): 'over' | 'under' | 'onTarget' {
  if (actual > target) return 'over';
  if (actual < target) return 'under';
  return 'onTarget';
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        data-testid={testId}
        sx={{ m: 0, fontWeight: 700, fontSize: '1.3rem', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The live monthly figures: totals, surplus or deficit, savings rate, 50/30/20 and the pie. */
export function SummaryPanel({ summary }: { summary: BudgetSummary }) {
  const { t } = useTranslation('budget');
  const format = useFormatters();
  const { surplusCents, savingsRate } = summary;
  const balance = surplusCents > 0 ? 'surplus' : surplusCents < 0 ? 'deficit' : 'balanced';
  const slices = foldSlices(
    summary.byCategory.map(({ category, cents }) => ({
      label: t(`expenseCategories.${category}`),
      value: cents,
    })),
    t('summary.other'),
  );
  const groupLabel = (group: BudgetGroup) => t(`groups.${group}`);

  return (
    <Box>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="budget-summary-heading"
        sx={{ p: 2, mb: 3 }}
      >
        <Typography id="budget-summary-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {t('summary.heading')}
        </Typography>
        <Box
          component="dl"
          aria-live="polite"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}
        >
          <Figure
            label={t('summary.income')}
            value={format.cents(summary.monthlyIncomeCents)}
            testId="budget-income"
          />
          <Figure
            label={t('summary.expenses')}
            value={format.cents(summary.monthlyExpensesCents)}
            testId="budget-expenses"
          />
          <Figure
            label={t(balance === 'deficit' ? 'summary.deficit' : 'summary.surplus')}
            value={format.signedCents(surplusCents)}
            testId="budget-surplus"
          />
          <Figure
            label={t('summary.savingsRate')}
            value={savingsRate === null ? '—' : format.percent(savingsRate)}
            testId="budget-savings-rate"
          />
        </Box>
        <Typography
          sx={{
            mt: 1.5,
            fontWeight: 700,
            color: balance === 'deficit' ? 'error.main' : 'success.main',
          }}
        >
          {t(`summary.${balance}Note`)}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
          {savingsRate === null ? t('summary.noIncome') : t('summary.savingsRateNote')}
        </Typography>
      </Paper>

      <Box component="section" aria-labelledby="budget-rule-heading" sx={{ mb: 3 }}>
        <Typography id="budget-rule-heading" variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
          {t('summary.ruleHeading')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('summary.ruleLead')}</Typography>
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            aria-labelledby="budget-rule-heading"
            // Narrower cells on a phone, so all four columns fit at 360 px.
            sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('summary.group')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('summary.target')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('summary.actual')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('summary.status')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {budgetGroups.map((group) => {
                const row = summary.rule[group];
                const status = ruleStatus(row.actualCents, row.targetCents);
                return (
                  <TableRow key={group} data-testid={`budget-rule-${group}`}>
                    <TableCell component="th" scope="row">
                      {groupLabel(group)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format.cents(row.targetCents)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format.cents(row.actualCents)}
                      {row.actualRatio !== null && ` (${format.percent(row.actualRatio)})`}
                    </TableCell>
                    <TableCell>{t(`summary.${status}`)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem', mt: 0.5 }}>
          {t('summary.savingsIncludesSurplus')}
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="budget-pie-heading" sx={{ mb: 3 }}>
        <Typography id="budget-pie-heading" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t('summary.pieHeading')}
        </Typography>
        {slices.length === 0 ? (
          <Typography>{t('summary.pieEmpty')}</Typography>
        ) : (
          <Box data-testid="budget-pie">
            <DonutChart
              slices={slices}
              label={(shares) =>
                t('summary.pieLabel', {
                  summary: shares
                    .map(
                      ({ slice, share }) =>
                        `${slice.label} ${format.cents(slice.value)} (${format.percent(share)})`,
                    )
                    .join(', '),
                })
              }
              describe={(slice, share) => `${format.cents(slice.value)} · ${format.percent(share)}`}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
