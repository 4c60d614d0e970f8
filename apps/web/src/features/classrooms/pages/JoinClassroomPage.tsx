import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { joinClassroomSchema } from '@bullpen/contract/classrooms';
import { classroomPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useJoinClassroom } from '../api/classrooms-api.ts';
import { classroomMessageSources } from './CreateClassroomPage.tsx';

/** /join-classroom: the code from the teacher (prefilled from `?code=`, as in the invitation). */
export function JoinClassroomPage() {
  const { t } = useTranslation('classrooms');
  useDocumentTitle(t('join.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const join = useJoinClassroom();
  const form = useZodForm(joinClassroomSchema, {
    defaultValues: { code: (params.get('code') ?? '').trim().toUpperCase().slice(0, 20) },
    messages: classroomMessageSources,
  });
  const onSubmit = form.submit(async ({ code }) => {
    const { classroom, joined } = await join.mutateAsync(code);
    notify(t(joined ? 'join.joined' : 'join.already', { name: classroom.name }), 'success');
    navigate(classroomPaths.classroom(classroom.id));
  });
  return (
    <PageContainer maxWidth={560}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('join.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('join.intro')}</Typography>
      <Form form={form} onSubmit={onSubmit} aria-label={t('join.title')}>
        <FormAlert />
        <TextField
          name="code"
          label={t('join.code')}
          autoComplete="off"
          slotProps={{
            htmlInput: { spellCheck: false, autoCapitalize: 'characters', maxLength: 20 },
          }}
        />
        <SubmitButton label={t('join.submit')} busyLabel={t('join.submitting')} marginTop={2} />
      </Form>
    </PageContainer>
  );
}

export const Component = JoinClassroomPage;
