import { LessonsPage } from '@/features/learn/pages/LessonsPage.tsx';
import { renderCalculator } from './render-calculator.tsx';

/** /lessons: the learn pages, with the tools feature drawing the calculators a lesson places. */
export function Component() {
  return <LessonsPage renderCalculator={renderCalculator} />;
}
