import { useId } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  classroomRewardBody,
  REWARD_COST_MAX,
  REWARD_DESCRIPTION_MAX,
  REWARD_NAME_MAX,
  type Reward,
} from '@bullpen/contract/rewards';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import {
  useCreateClassroomReward,
  useUpdateClassroomReward,
} from '../../api/classroom-rewards-api.ts';

/** The contract's rules; the cost arrives from its input as text. */
const rewardForm = classroomRewardBody.extend({
  cost: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    classroomRewardBody.shape.cost,
  ),
});

export const rewardMessageSources = ['redeem:serverMessages'] as const;

/** Define a reward for the class, or change one (name, description, cost). */
export function RewardFormDialog({
  classroomId,
  reward,
  open,
  onClose,
  onSaved,
}: {
  classroomId: number;
  /** The reward being changed; null for a new one. */
  reward: Reward | null;
  open: boolean;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation('redeem');
  const titleId = useId();
  const create = useCreateClassroomReward(classroomId);
  const update = useUpdateClassroomReward(classroomId);
  const form = useZodForm(rewardForm, {
    defaultValues: {
      name: reward?.name ?? '',
      description: reward?.description ?? '',
      cost: reward ? String(reward.cost) : '',
    },
    messages: rewardMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    if (reward) await update.mutateAsync({ rewardId: reward.id, body: values });
    else await create.mutateAsync(values);
    onSaved(values.name);
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {reward ? t('teacher.editTitle', { name: reward.name }) : t('teacher.newTitle')}
      </DialogTitle>
      <Form form={form} onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormAlert />
          <TextField
            name="name"
            label={t('teacher.fields.name')}
            hint={t('teacher.fields.nameHint', { max: REWARD_NAME_MAX })}
            fullWidth
            autoFocus
          />
          <TextField
            name="description"
            label={t('teacher.fields.description')}
            hint={t('teacher.fields.descriptionHint', { max: REWARD_DESCRIPTION_MAX })}
            required={false}
            multiline
            minRows={2}
            fullWidth
          />
          <TextField
            name="cost"
            label={t('teacher.fields.cost')}
            hint={t('teacher.fields.costHint', { max: REWARD_COST_MAX })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('confirm.back')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('confirm.busy') : t('teacher.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
