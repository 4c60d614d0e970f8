import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { contestRulesSchema, type Contest } from '@bullpen/contract/contests';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useContestRulesMutation } from '../api/contest-api.ts';
import {
  rulesBodyFrom,
  rulesFormFrom,
  serverRuleField,
  type RulesForm,
} from './trading-rules-form.ts';
import { TradingRulesFields, type RulesErrors } from './TradingRulesFields.tsx';

/** The owner changes the rules: the same fields as the contest form, saved with PUT. */
export function ContestRulesDialog({
  contest,
  onClose,
}: {
  contest: Contest;
  onClose: () => void;
}) {
  const { t } = useTranslation('contest-rules');
  const notify = useNotify();
  const save = useContestRulesMutation();
  const titleId = useId();
  const [form, setForm] = useState<RulesForm>(() => rulesFormFrom(contest, contest.rule_preset));
  const [errors, setErrors] = useState<RulesErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const { body, unreadable } = rulesBodyFrom(form);
    const found: RulesErrors = {};
    for (const [field, reason] of Object.entries(unreadable)) {
      found[field as keyof RulesForm] = t(`rulesForm.errors.${reason}`);
    }
    const checked = contestRulesSchema.safeParse(body);
    for (const issue of checked.success ? [] : checked.error.issues) {
      const raw = String(issue.path[0]);
      const field = (serverRuleField[raw] ?? raw) as keyof RulesForm;
      found[field] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ contestId: contest.id, rules: body });
      notify(t('contestRules.saved'), 'success');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const server: RulesErrors = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const name = (serverRuleField[field] ?? field.split('.')[0]) as keyof RulesForm;
          server[name] = messages.join(' ');
        }
        setErrors(server);
      } else {
        setFormError(errorText(error));
      }
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {t('contestRules.dialogTitle', { contest: contest.name })}
        </DialogTitle>
        <DialogContent>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TradingRulesFields idPrefix="rules" value={form} onChange={setForm} errors={errors} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('contestRules.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('contestRules.saving') : t('contestRules.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
