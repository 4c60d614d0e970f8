import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { budgetScenarios, type Scenario } from '@bullpen/contract/budget-scenarios';

type ScenarioId = 'allowance' | 'firstJob' | 'college' | 'firstApartment';

/** Starter budgets to practise with: pick one, read what it is, load it into the form. */
export function ScenarioPicker({ onLoad }: { onLoad: (scenario: Scenario) => void }) {
  const { t } = useTranslation('budget');
  const [chosen, setChosen] = useState(budgetScenarios[0]!.id);
  const scenario = budgetScenarios.find((item) => item.id === chosen) ?? budgetScenarios[0]!;
  const id = scenario.id as ScenarioId;
  const explanationId = useId();

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="budget-scenarios-heading"
      sx={{ p: 2, mb: 4, bgcolor: 'grey.50' }}
    >
      <Typography id="budget-scenarios-heading" variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
        {t('scenarios.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('scenarios.lead')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          id="budget-scenario"
          select
          size="small"
          label={t('scenarios.choose')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'aria-describedby': explanationId },
          }}
          sx={{ minWidth: 0, flex: '1 1 240px' }}
        >
          {budgetScenarios.map((item) => (
            <option key={item.id} value={item.id}>
              {t(`scenarios.${item.id as ScenarioId}.title`)}
            </option>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => onLoad(scenario)}>
          {t('scenarios.load')}
        </Button>
      </Box>
      <Typography id={explanationId} sx={{ mt: 1.5 }}>
        {t(`scenarios.${id}.explanation`)}
      </Typography>
    </Paper>
  );
}
