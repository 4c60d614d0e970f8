import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RISK_BOARD_MODES, type Contest, type RiskBoardMode } from '@bullpen/contract/contests';
import { riskBoardSettingBody } from '@bullpen/contract/risk-board';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useRiskBoardSettingMutation } from '../api/risk-board-api.ts';

type Field = 'mode' | 'min_trading_days' | 'max_drawdown_bps';

/**
 * The owner sets the risk-adjusted ranking (docs/decisions/050-risk-adjusted-board.md): off, by
 * Sharpe ratio with its trading days, or by return within a drawdown limit given in percent.
 * Checked with the contract's schema before it is sent; loaded when opened.
 */
export function RiskBoardDialog({ contest, onClose }: { contest: Contest; onClose: () => void }) {
  const { t } = useTranslation('risk-board');
  const notify = useNotify();
  const save = useRiskBoardSettingMutation();
  const titleId = useId();
  const [mode, setMode] = useState<RiskBoardMode>(contest.risk_board.mode);
  const [days, setDays] = useState(String(contest.risk_board.min_trading_days));
  const [percent, setPercent] = useState(String(contest.risk_board.max_drawdown_bps / 100));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = {
      mode,
      min_trading_days: Number(days),
      max_drawdown_bps: Math.round(Number(percent) * 100),
    };
    const checked = riskBoardSettingBody.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      found[String(issue.path[0]) as Field] ??= issue.message;
    }
    setErrors(found);
    if (!checked.success) return;
    try {
      await save.mutateAsync({ contestId: contest.id, setting: checked.data });
      notify(t('setting.saved'), 'success');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [
              field,
              messages.join(' '),
            ]),
          ),
        );
      } else {
        setFormError(errorText(error));
      }
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {t('setting.title', { contest: contest.name })}
        </DialogTitle>
        <DialogContent>
          {formError && <Alert severity="error">{formError}</Alert>}
          <p>{t('setting.lead')}</p>
          <TextField
            id="risk-board-mode"
            select
            fullWidth
            margin="normal"
            label={t('setting.mode')}
            value={mode}
            onChange={(event) => setMode(event.target.value as RiskBoardMode)}
            error={Boolean(errors.mode)}
            helperText={errors.mode}
          >
            {RISK_BOARD_MODES.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`setting.modes.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          {mode === 'sharpe' && (
            <TextField
              id="risk-board-days"
              fullWidth
              margin="normal"
              label={t('setting.minTradingDays')}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              error={Boolean(errors.min_trading_days)}
              helperText={errors.min_trading_days}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {mode === 'drawdown' && (
            <TextField
              id="risk-board-drawdown"
              fullWidth
              margin="normal"
              label={t('setting.maxDrawdown')}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              error={Boolean(errors.max_drawdown_bps)}
              helperText={errors.max_drawdown_bps}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('setting.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('setting.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
