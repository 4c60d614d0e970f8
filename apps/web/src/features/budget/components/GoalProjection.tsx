import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PROJECTION_MONTHS, type GoalProjection as Projection } from '@bullpen/contract/budget';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';

const WIDTH = 240;
const HEIGHT = 110;
const BOTTOM = 100;
const TOP = 10;

/**
 * One goal's next twelve months as bars against a dashed target line. The picture has a text
 * alternative; the words beside it (share, needed per month, reached in) carry the same facts.
 */
function GoalChart({ goal, label }: { goal: Projection; label: string }) {
  const highest = Math.max(goal.targetCents, ...goal.balances, 1);
  const y = (cents: number) => BOTTOM - ((BOTTOM - TOP) * cents) / highest;
  const slot = WIDTH / PROJECTION_MONTHS;
  const targetY = y(goal.targetCents);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      sx={{ width: '100%', maxWidth: 360, height: 'auto', display: 'block' }}
    >
      {goal.balances.map((balance, index) => {
        const reached = balance >= goal.targetCents;
        return (
          <rect
            key={index}
            x={index * slot + 3}
            y={y(balance)}
            width={slot - 6}
            height={Math.max(0, BOTTOM - y(balance))}
            fill={reached ? '#1a6b43' : '#1457b8'}
          />
        );
      })}
      <line
        x1="0"
        x2={WIDTH}
        y1={targetY}
        y2={targetY}
        stroke="#b35c00"
        strokeWidth="2"
        strokeDasharray="6 4"
      />
      <line x1="0" x2={WIDTH} y1={BOTTOM} y2={BOTTOM} stroke="#5f6b7a" strokeWidth="1" />
    </Box>
  );
}

/** Each goal's 12-month projection: a chart, the facts in words, and a table of the numbers. */
export function GoalProjections({ goals }: { goals: readonly Projection[] }) {
  const { t } = useTranslation('budget');
  const format = useFormatters();
  const months = Array.from({ length: PROJECTION_MONTHS }, (_, index) => index + 1);

  return (
    <Box component="section" aria-labelledby="budget-projection-heading" sx={{ mb: 3 }}>
      <Typography id="budget-projection-heading" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('projection.heading')}
      </Typography>
      {goals.length === 0 ? (
        <Typography>{t('projection.empty')}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {goals.map((goal, index) => (
              <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid="budget-goal">
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {goal.name || t('editor.goalNumber', { number: index + 1 })}
                  </Typography>
                  <Chip
                    size="small"
                    color={goal.onTrack ? 'success' : 'warning'}
                    variant="outlined"
                    label={t(goal.onTrack ? 'projection.onTrack' : 'projection.offTrack')}
                  />
                </Box>
                <Typography sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>
                  {format.cents(goal.savedCents)} / {format.cents(goal.targetCents)}
                </Typography>
                <GoalChart
                  goal={goal}
                  label={t('projection.chartLabel', {
                    name: goal.name,
                    saved: format.cents(goal.savedCents),
                    end: format.cents(goal.balances[PROJECTION_MONTHS - 1] ?? goal.savedCents),
                    target: format.cents(goal.targetCents),
                  })}
                />
                <Typography sx={{ fontSize: '0.95rem' }}>
                  {t('projection.share', { amount: format.cents(goal.monthlyShareCents) })}{' '}
                  {goal.neededPerMonthCents === null
                    ? t('projection.datePassed')
                    : t('projection.needed', {
                        date: goal.targetDate,
                        amount: format.cents(goal.neededPerMonthCents),
                      })}{' '}
                  {goal.reachedInMonth === 0
                    ? t('projection.reached')
                    : goal.reachedInMonth === null
                      ? t('projection.notReached')
                      : t('projection.reachedIn', { count: goal.reachedInMonth })}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Box style={visuallyHidden}>
            <table>
              <caption>{t('projection.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('projection.month')}</th>
                  {goals.map((goal, index) => (
                    <th key={index} scope="col">
                      {goal.name || t('editor.goalNumber', { number: index + 1 })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month}>
                    <th scope="row">{t('projection.monthN', { count: month })}</th>
                    {goals.map((goal, index) => (
                      <td key={index}>{format.cents(goal.balances[month - 1] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      )}
    </Box>
  );
}
