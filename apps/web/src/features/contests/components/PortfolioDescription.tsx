import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { descriptionSchema, type ContestUser } from '@bullpen/contract/contests';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useUpdateDescriptionMutation } from '../api/portfolios-api.ts';

type DescriptionInput = z.input<typeof descriptionSchema>;
const MAX_LENGTH = 500;

function DescriptionForm({
  contestUser,
  onDone,
}: {
  contestUser: ContestUser;
  onDone: () => void;
}) {
  const { t } = useTranslation('contests');
  const notify = useNotify();
  const mutation = useUpdateDescriptionMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DescriptionInput, unknown, z.output<typeof descriptionSchema>>({
    resolver: zodResolver(descriptionSchema),
    defaultValues: { description: contestUser.description },
  });
  const length = watch('description').trim().length;
  useEffect(() => setFocus('description'), [setFocus]);

  const save = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ contestUserId: contestUser.id, ...values });
      notify(t('description.saved'), 'success');
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, ['description'], setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void save(event)} sx={{ maxWidth: 760 }}>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      )}
      <TextField
        label={t('description.label')}
        multiline
        minRows={3}
        {...register('description')}
        error={Boolean(errors.description)}
        helperText={
          errors.description?.message ?? t('description.help', { length, max: MAX_LENGTH })
        }
        margin="none"
        sx={{ mb: 1.5 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? t('description.saving') : t('description.save')}
        </Button>
        <Button onClick={onDone} disabled={isSubmitting}>
          {t('description.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The portfolio's description: its owner writes it (at most 500 characters), the other
 * members of the contest read it.
 */
export function PortfolioDescription({
  contestUser,
  isMine,
}: {
  contestUser: ContestUser;
  isMine: boolean;
}) {
  const { t } = useTranslation('contests');
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Back on the button once it is rendered again (a frame later can still be too early).
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const { description } = contestUser;
  if (!isMine && !description) return null;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {isMine ? t('description.headingMine') : t('description.headingOther')}
      </Typography>
      {editing ? (
        <DescriptionForm
          contestUser={contestUser}
          onDone={() => {
            returnFocus.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <>
          <Typography
            data-testid="portfolio-description"
            sx={{
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
              maxWidth: 760,
              mb: isMine ? 1 : 0,
              ...(!description && { color: 'text.secondary' }),
            }}
          >
            {description || t('description.empty')}
          </Typography>
          {isMine && (
            <Button
              ref={editButton}
              size="small"
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setEditing(true)}
            >
              {description ? t('description.edit') : t('description.add')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
