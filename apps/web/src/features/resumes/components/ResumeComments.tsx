import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  MAX_COMMENT_LENGTH,
  resumeCommentBodySchema,
  type ResumeComment,
} from '@bullpen/contract/resumes';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useFormatters } from '@/lib/format.ts';
import { useCommentOnResume, useResumeComments } from '../api/resumes-api.ts';

export const resumeMessageSources = [
  'resumes:serverMessages',
  'classrooms:serverMessages',
] as const;

function CommentItem({ comment, mine }: { comment: ResumeComment; mine: boolean }) {
  const { t } = useTranslation('resumes');
  const format = useFormatters();
  const name = [comment.author.first_name, comment.author.last_name].filter(Boolean).join(' ');
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: mine ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {name || comment.author.username}
        </Typography>
        {comment.is_teacher && <Chip size="small" label={t('comments.teacher')} />}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          <time dateTime={comment.created_at}>{format.dateTime(comment.created_at)}</time>
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Typography>
    </Box>
  );
}

/**
 * The thread under a résumé: the class's teacher comments, the student answers. `canWrite` is
 * false while the class is frozen (the server refuses then too).
 */
export function ResumeComments({
  classroomId,
  resumeId,
  canWrite,
  viewerIsTeacher,
}: {
  classroomId: number;
  resumeId: number;
  canWrite: boolean;
  /** The thread has two sides: the class's teacher and the résumé's student. */
  viewerIsTeacher: boolean;
}) {
  const { t } = useTranslation('resumes');
  const headingId = useId();
  const thread = useResumeComments(classroomId, resumeId);
  const send = useCommentOnResume(classroomId, resumeId);
  const form = useZodForm(resumeCommentBodySchema, {
    defaultValues: { body: '' },
    messages: resumeMessageSources,
  });
  const length = form.watch('body').length;
  const onSubmit = form.submit(async (values) => {
    await send.mutateAsync(values.body);
    form.reset({ body: '' });
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('comments.title')}
      </Typography>
      {thread.isPending ? (
        <CircularProgress size={24} aria-label={t('loading')} />
      ) : thread.isError ? (
        <Alert severity="error">{t('comments.loadError')}</Alert>
      ) : thread.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('comments.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ display: 'grid', gap: 1, p: 0, m: 0 }}>
          {thread.data.results.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              mine={comment.is_teacher === viewerIsTeacher}
            />
          ))}
        </Box>
      )}
      {canWrite && (
        <Form form={form} onSubmit={onSubmit} aria-label={t('comments.formLabel')} sx={{ mt: 2 }}>
          <FormAlert />
          <TextField
            name="body"
            label={t('comments.label')}
            multiline
            minRows={2}
            fullWidth
            hint={t('comments.counter', { count: length, max: MAX_COMMENT_LENGTH })}
          />
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 1 }}
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? t('comments.sending') : t('comments.send')}
          </Button>
        </Form>
      )}
    </Box>
  );
}
