import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { SignupForm } from '../components/SignupForm.tsx';

export function SignupPage() {
  useDocumentTitle('Sign up');
  return <SignupForm key="student" teacher={false} />;
}

export const Component = SignupPage;
