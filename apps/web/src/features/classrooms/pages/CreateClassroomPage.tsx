import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { createClassroomSchema } from '@bullpen/contract/classrooms';
import { classroomPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCreateClassroom } from '../api/classrooms-api.ts';

export const classroomMessageSources = ['classrooms:serverMessages'] as const;

function CreateClassroomForm() {
  const { t } = useTranslation('classrooms');
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateClassroom();
  const form = useZodForm(createClassroomSchema, {
    defaultValues: { name: '', grade: '', subject: '', school: '', description: '' },
    messages: classroomMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    const classroom = await create.mutateAsync(values);
    notify(t('create.created', { name: classroom.name }), 'success');
    navigate(classroomPaths.classroom(classroom.id));
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('create.title')}>
      <FormAlert />
      <TextField name="name" label={t('create.name')} autoComplete="off" />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 0, sm: 2 },
          gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' },
        }}
      >
        <TextField
          name="grade"
          label={t('create.grade')}
          required={false}
          hint={t('create.optional')}
        />
        <TextField
          name="subject"
          label={t('create.subject')}
          required={false}
          hint={t('create.optional')}
        />
      </Box>
      <TextField
        name="school"
        label={t('create.school')}
        required={false}
        hint={t('create.optional')}
      />
      <TextField
        name="description"
        label={t('create.description')}
        required={false}
        hint={t('create.optional')}
        multiline
        minRows={3}
      />
      <SubmitButton label={t('create.submit')} busyLabel={t('create.submitting')} marginTop={2} />
    </Form>
  );
}

/** /create-classroom: teachers make a class; a student reads why they cannot. */
export function CreateClassroomPage() {
  const { t } = useTranslation('classrooms');
  useDocumentTitle(t('create.title'));
  const { user } = useSession();
  return (
    <PageContainer maxWidth={720}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('create.title')}
      </Typography>
      {user && !user.is_teacher ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <AlertTitle>{t('create.teachersOnlyTitle')}</AlertTitle>
          <Typography sx={{ mb: 1.5 }}>{t('create.teachersOnlyText')}</Typography>
          <Button component={RouterLink} to={classroomPaths.join} variant="contained">
            {t('create.goJoin')}
          </Button>
        </Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('create.intro')}</Typography>
          <CreateClassroomForm />
        </>
      )}
    </PageContainer>
  );
}

export const Component = CreateClassroomPage;
