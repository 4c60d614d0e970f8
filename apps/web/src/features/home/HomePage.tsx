import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RenderLater } from '@/components/RenderLater.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { appstoreQueryOptions } from './api/appstore-api.ts';
import { flyersQueryOptions } from './api/flyers-api.ts';
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
  const queryClient = useQueryClient();
  // The later sections' data is asked for now, as their first render would have.
  useEffect(() => {
    void queryClient.prefetchQuery(flyersQueryOptions());
    void queryClient.prefetchQuery(appstoreQueryOptions());
  }, [queryClient]);
  return (
    <>
      <Hero signedIn={session.authorized} />
      {/* Below the first screen: each section renders in a task of its own after the hero. */}
      <RenderLater>
        <Audiences />
      </RenderLater>
      <RenderLater>
        <HowItWorks />
      </RenderLater>
      <RenderLater>
        <BlogCards />
      </RenderLater>
      <RenderLater>
        <TeamSection />
      </RenderLater>
      <RenderLater>
        <AppStoreBanner />
      </RenderLater>
    </>
  );
}

export const Component = HomePage;
