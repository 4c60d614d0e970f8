import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { SignupForm } from '../components/SignupForm.tsx';

export function SignupTeacherPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signup.pageTitleTeacher'));
  return <SignupForm key="teacher" teacher />;
}

export const Component = SignupTeacherPage;
