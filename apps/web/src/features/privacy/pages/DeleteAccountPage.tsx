import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { DeleteAccountCard } from '../components/DeleteAccountCard.tsx';
import { SettingsBackLink } from '../components/SettingsBackLink.tsx';

/** /settings/delete: the signed-in user's "Delete my account". */
export function DeleteAccountPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  useDocumentTitle(t('deleteAccount.title'));
  return (
    <PageContainer maxWidth={720}>
      <SettingsBackLink />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('deleteAccount.title')}
      </Typography>
      {user && <DeleteAccountCard userId={user.id} />}
    </PageContainer>
  );
}

export const Component = DeleteAccountPage;
