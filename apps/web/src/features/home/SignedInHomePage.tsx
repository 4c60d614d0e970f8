import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { GuardianCards } from './cards/GuardianCards.tsx';
import { CardGrid } from './cards/HomeCard.tsx';
import { StaffCards } from './cards/StaffCards.tsx';
import { StudentCards } from './cards/StudentCards.tsx';
import { TeacherCards } from './cards/TeacherCards.tsx';

/**
 * `/home`, where everyone lands after signing in: staff's, a teacher's, a guardian's
 * (one card per child followed) or a student's cards, each loading on its own. The public home (`/public/home`) stays for visitors.
 */
export function SignedInHomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('signedIn.documentTitle'));
  const { user } = useSession();
  if (!user) return <PageLoader />;
  const role = user.is_staff
    ? 'staff'
    : user.is_teacher
      ? 'teacher'
      : user.is_guardian
        ? 'guardian'
        : 'student';
  return (
    <PageContainer>
      <h1 style={{ fontSize: '1.75rem', margin: '24px 0 16px' }}>
        {t('signedIn.title', { name: user.first_name || user.username })}
      </h1>
      <p style={{ margin: '0 0 16px' }}>{t(`signedIn.lead.${role}`)}</p>
      <CardGrid>
        {role === 'staff' ? (
          <StaffCards />
        ) : role === 'teacher' ? (
          <TeacherCards />
        ) : role === 'guardian' ? (
          <GuardianCards />
        ) : (
          <StudentCards />
        )}
      </CardGrid>
    </PageContainer>
  );
}

export const Component = SignedInHomePage;
