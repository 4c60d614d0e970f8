import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Decision } from '@bullpen/contract/learn';
import { CONTENT_LANGUAGE } from './Reading.tsx';

/**
 * A lesson's decision scenario: the situation, a choice, then every option's outcome worked
 * out, the student's own first, and the takeaway. Nothing is sent: the choice is the
 * student's to think about, not a graded answer.
 */
export function DecisionScenario({ decision }: { decision: Decision }) {
  const { t } = useTranslation('learn');
  const headingId = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const [shown, setShown] = useState(false);
  const order =
    picked === null
      ? decision.options.map((_, index) => index)
      : [picked, ...decision.options.map((_, index) => index).filter((index) => index !== picked)];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        my: 4,
        p: { xs: 2, sm: 3 },
        borderRadius: 2,
        bgcolor: '#fff8e6',
        border: '1px solid #f0d48a',
        maxWidth: '70ch',
      }}
    >
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('decision.heading')}{' '}
        <Box component="span" lang={CONTENT_LANGUAGE}>
          {decision.title}
        </Box>
      </Typography>
      <Typography lang={CONTENT_LANGUAGE} sx={{ mb: 2 }}>
        {decision.situation}
      </Typography>
      <FormControl component="fieldset" disabled={shown}>
        <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 700 }}>
          {t('decision.question')}
        </FormLabel>
        <RadioGroup
          value={picked === null ? '' : String(picked)}
          onChange={(event) => setPicked(Number(event.target.value))}
        >
          {decision.options.map((option, index) => (
            <FormControlLabel
              key={option.label}
              value={String(index)}
              control={<Radio />}
              label={<span lang={CONTENT_LANGUAGE}>{option.label}</span>}
              sx={{ my: 0.5, alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {!shown ? (
        <Box sx={{ mt: 1 }}>
          <Button variant="contained" disabled={picked === null} onClick={() => setShown(true)}>
            {t('decision.show')}
          </Button>
        </Box>
      ) : (
        <Box role="status" sx={{ mt: 2 }}>
          {order.map((index) => {
            const option = decision.options[index]!;
            return (
              <Box
                key={option.label}
                sx={{
                  p: 1.5,
                  my: 1,
                  borderRadius: 1,
                  bgcolor: 'background.paper',
                  borderLeft: '4px solid',
                  borderColor: index === picked ? 'primary.main' : 'divider',
                }}
              >
                <Typography sx={{ fontWeight: 700 }}>
                  {index === picked ? t('decision.yourChoice') : t('decision.otherChoice')}{' '}
                  <span lang={CONTENT_LANGUAGE}>{option.label}</span>
                </Typography>
                <Typography lang={CONTENT_LANGUAGE} sx={{ mt: 0.5 }}>
                  {option.outcome}
                </Typography>
              </Box>
            );
          })}
          <Typography sx={{ mt: 1.5 }}>
            <strong>{t('decision.takeaway')}</strong>{' '}
            <span lang={CONTENT_LANGUAGE}>{decision.takeaway}</span>
          </Typography>
          <Button
            sx={{ mt: 1 }}
            onClick={() => {
              setShown(false);
              setPicked(null);
            }}
          >
            {t('decision.again')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
