import { useTranslation } from 'react-i18next';
import { Heading } from '@/components/Heading.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { DataExportCard } from '../components/DataExportCard.tsx';
import { SettingsBackLink } from '../components/SettingsBackLink.tsx';

/** /settings/data: the user's own data, to download. */
function DataSettingsPage() {
  const { t } = useTranslation('privacy');
  useDocumentTitle(t('page.title'));
  return (
    <PageContainer maxWidth={800}>
      <SettingsBackLink />
      <Heading level={1}>{t('page.title')}</Heading>
      <DataExportCard />
    </PageContainer>
  );
}

export const Component = DataSettingsPage;
