import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { CreateContestForm } from '../components/CreateContestForm.tsx';

/** /create: a new contest, then its page. */
export function CreateContestPage() {
  const { t } = useTranslation('contests');
  useDocumentTitle(t('create.title'));
  return (
    <PageContainer maxWidth={820}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('create.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('create.intro')}</Typography>
      <CreateContestForm />
    </PageContainer>
  );
}

export const Component = CreateContestPage;
