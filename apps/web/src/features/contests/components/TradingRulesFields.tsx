import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MARKET_SECTOR_NAMES,
  RULE_PRESET_NAMES,
  type MarketSectorName,
  type RulePreset,
} from '@bullpen/contract/contest-rules';
import { changeRule, choosePreset, type RulesField, type RulesForm } from './trading-rules-form.ts';

export type RulesErrors = Partial<Record<keyof RulesForm, string>>;

/**
 * The "Trading rules" section of the contest form and of the rules dialog
 * (docs/decisions/046-contest-rule-packs.md): a rule pack that fills every field, and the
 * fields, each of which makes the pack custom when changed.
 */
export function TradingRulesFields({
  value,
  onChange,
  errors,
  idPrefix,
}: {
  value: RulesForm;
  onChange: (next: RulesForm) => void;
  errors: RulesErrors;
  idPrefix: string;
}) {
  const { t } = useTranslation('contest-rules');
  const text = (
    field: Exclude<RulesField, 'allowed_sectors' | 'blocked_sectors'>,
    label: string,
    help: string,
    extra: { start?: string; end?: string; inputMode?: 'numeric' | 'decimal' | 'text' } = {},
  ) => (
    <TextField
      id={`${idPrefix}-${field}`}
      name={field}
      label={label}
      value={value[field]}
      onChange={(event) => onChange(changeRule(value, field, event.target.value))}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? help}
      slotProps={{
        input: {
          ...(extra.start
            ? { startAdornment: <InputAdornment position="start">{extra.start}</InputAdornment> }
            : {}),
          ...(extra.end
            ? { endAdornment: <InputAdornment position="end">{extra.end}</InputAdornment> }
            : {}),
        },
        htmlInput: { inputMode: extra.inputMode ?? 'text' },
      }}
    />
  );
  const sectors = (field: 'allowed_sectors' | 'blocked_sectors', label: string, help: string) => (
    <TextField
      id={`${idPrefix}-${field}`}
      name={field}
      select
      label={label}
      value={value[field]}
      onChange={(event) => {
        const chosen = event.target.value as unknown as MarketSectorName[] | string;
        const list =
          typeof chosen === 'string' ? (chosen.split(',') as MarketSectorName[]) : chosen;
        onChange(changeRule(value, field, list));
      }}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? help}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as MarketSectorName[]).map((sector) => t(`sectors.${sector}`)).join(', '),
        },
      }}
    >
      {MARKET_SECTOR_NAMES.map((sector) => (
        <MenuItem key={sector} value={sector}>
          {t(`sectors.${sector}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}
      data-testid="trading-rules"
    >
      <Typography component="legend" variant="h6" sx={{ mb: 0.5 }}>
        {t('rulesForm.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('rulesForm.intro')}
      </Typography>
      <TextField
        id={`${idPrefix}-rule_preset`}
        name="rule_preset"
        select
        label={t('rulesForm.preset')}
        value={value.rule_preset}
        onChange={(event) => onChange(choosePreset(value, event.target.value as RulePreset))}
        error={Boolean(errors.rule_preset)}
        helperText={errors.rule_preset ?? t(`rulesForm.presetHelp.${value.rule_preset}`)}
      >
        {RULE_PRESET_NAMES.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`rulesForm.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        {text(
          'max_position_weight',
          t('rulesForm.largestPosition'),
          t('rulesForm.largestPositionHelp'),
          { end: '%', inputMode: 'numeric' },
        )}
        {text('min_share_price', t('rulesForm.minSharePrice'), t('rulesForm.minSharePriceHelp'), {
          start: '$',
          inputMode: 'decimal',
        })}
        {text(
          'max_trades_per_day',
          t('rulesForm.maxTradesPerDay'),
          t('rulesForm.maxTradesPerDayHelp'),
          { inputMode: 'numeric' },
        )}
        {text(
          'min_holding_hours',
          t('rulesForm.minHoldingHours'),
          t('rulesForm.minHoldingHoursHelp'),
          { inputMode: 'decimal' },
        )}
        {text('allowed_symbols', t('rulesForm.allowedSymbols'), t('rulesForm.allowedSymbolsHelp'))}
        {text('blocked_symbols', t('rulesForm.blockedSymbols'), t('rulesForm.blockedSymbolsHelp'))}
        {sectors(
          'allowed_sectors',
          t('rulesForm.allowedSectors'),
          t('rulesForm.allowedSectorsHelp'),
        )}
        {sectors(
          'blocked_sectors',
          t('rulesForm.blockedSectors'),
          t('rulesForm.blockedSectorsHelp'),
        )}
      </Box>
      <Alert severity="info" sx={{ mt: 1 }}>
        {t('rulesForm.noShortSelling')}
      </Alert>
    </Box>
  );
}
