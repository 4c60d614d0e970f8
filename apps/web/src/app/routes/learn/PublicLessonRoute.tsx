import { PublicLessonPage } from '@/features/learn/pages/ArticlePage.tsx';
import { renderCalculator } from './render-calculator.tsx';

/** /public/lessons/:alias: a lesson's reading for visitors, its calculators included. */
export function Component() {
  return <PublicLessonPage renderCalculator={renderCalculator} />;
}
