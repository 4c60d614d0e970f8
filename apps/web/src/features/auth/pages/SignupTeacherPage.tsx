import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { SignupForm } from '../components/SignupForm.tsx';

export function SignupTeacherPage() {
  useDocumentTitle('Sign up - Teacher');
  return <SignupForm key="teacher" teacher />;
}

export const Component = SignupTeacherPage;
