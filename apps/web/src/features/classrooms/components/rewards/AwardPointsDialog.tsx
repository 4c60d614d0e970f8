import { useId } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { AWARD_POINTS_MAX, AWARD_REASON_MAX, pointsAwardBody } from '@bullpen/contract/points';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useFormatters } from '@/lib/format.ts';
import { useAwardLeftToday, useAwardPoints } from '../../api/classroom-rewards-api.ts';
import { rewardMessageSources } from './RewardFormDialog.tsx';

/**
 * The contract's rules; the points arrive from their input as text. The student is not a
 * field, so a refusal about them ("not in the class") shows as the form's alert.
 */
const awardForm = pointsAwardBody.omit({ student: true }).extend({
  points: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    pointsAwardBody.shape.points,
  ),
});

/** A teacher gives one student of the class 1 to 100 points, with a reason the student reads. */
export function AwardPointsDialog({
  classroomId,
  student,
  open,
  onClose,
  onAwarded,
}: {
  classroomId: number;
  student: { id: number; name: string };
  open: boolean;
  onClose: () => void;
  onAwarded: (points: number, leftToday: number) => void;
}) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  const titleId = useId();
  const award = useAwardPoints(classroomId);
  const leftToday = useAwardLeftToday(classroomId, open).data ?? null;
  const form = useZodForm(awardForm, {
    defaultValues: { points: '', reason: '' },
    messages: rewardMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    const result = await award.mutateAsync({ ...values, student: student.id });
    onAwarded(result.entry.points, result.left_today);
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('award.title', { name: student.name })}
      </DialogTitle>
      <Form form={form} onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormAlert />
          {leftToday !== null && (
            <Alert severity="info" data-testid="award-left-today">
              {t('award.leftToday', { count: leftToday, points: format.number(leftToday) })}
            </Alert>
          )}
          <TextField
            name="points"
            label={t('award.points')}
            hint={t('award.pointsHint', { max: AWARD_POINTS_MAX })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
            autoFocus
          />
          <TextField
            name="reason"
            label={t('award.reason')}
            hint={t('award.reasonHint', { max: AWARD_REASON_MAX })}
            multiline
            minRows={2}
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('confirm.back')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('confirm.busy') : t('award.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
