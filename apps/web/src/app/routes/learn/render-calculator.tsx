import { Suspense, lazy } from 'react';
import { loadCatalogues } from '@/lib/i18n.ts';

/**
 * A lesson's calculator (features/tools), with its words: loaded when a lesson places one, so
 * a lesson's first load carries neither its code nor the contract's maths.
 */
const Calculator = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/tools/components/Calculator.tsx'),
    loadCatalogues(['tools']),
  ]);
  return { default: module.Calculator };
});

/** What the learn pages put in a calculator's place in a lesson's reading (under its h2). */
export function renderCalculator(name: string) {
  return (
    <Suspense fallback={null}>
      <Calculator name={name} headingLevel={3} />
    </Suspense>
  );
}
