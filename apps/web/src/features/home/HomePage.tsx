import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { AppStoreBanner } from './components/AppStoreBanner.tsx';
import { Audiences } from './components/Audiences.tsx';
import { BlogCards } from './components/BlogCards.tsx';
import { Hero } from './components/Hero.tsx';
import { HowItWorks } from './components/HowItWorks.tsx';
import { TeamSection } from './components/TeamSection.tsx';

export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('documentTitle'));
  const session = useSession();
  return (
    <>
      <Hero signedIn={session.authorized} />
      <Audiences />
      <HowItWorks />
      <BlogCards />
      <TeamSection />
      <AppStoreBanner />
    </>
  );
}

export const Component = HomePage;
