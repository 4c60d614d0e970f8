import { Suspense, lazy } from 'react';
import { LessonsPage } from '@/features/learn/pages/LessonsPage.tsx';
import { loadCatalogues } from '@/lib/i18n.ts';

/**
 * A lesson's calculator (features/tools), with its words: loaded when a lesson places one, so
 * the lesson's first load carries neither its code nor the contract's maths.
 */
const Calculator = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/tools/components/Calculator.tsx'),
    loadCatalogues(['tools']),
  ]);
  return { default: module.Calculator };
});

function renderCalculator(name: string) {
  return (
    <Suspense fallback={null}>
      <Calculator name={name} headingLevel={3} />
    </Suspense>
  );
}

/** /lessons: the learn pages, with the tools feature drawing the calculators a lesson places. */
export function Component() {
  return <LessonsPage renderCalculator={renderCalculator} />;
}
