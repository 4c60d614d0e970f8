import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { CreateContestForm } from '../components/CreateContestForm.tsx';

/** /create: a new contest, then its page. */
export function CreateContestPage() {
  useDocumentTitle('Create Contest');
  return (
    <PageContainer maxWidth={820}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Create Contest
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Set the rules, then share the join code or invite players by email. Every player starts with
        the same virtual cash.
      </Typography>
      <CreateContestForm />
    </PageContainer>
  );
}

export const Component = CreateContestPage;
