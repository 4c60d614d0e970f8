import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { SignupForm } from '../components/SignupForm.tsx';

export function SignupPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signup.pageTitle'));
  return <SignupForm key="student" teacher={false} />;
}

export const Component = SignupPage;
