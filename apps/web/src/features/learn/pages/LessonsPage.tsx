import { Navigate, useSearchParams } from 'react-router';
import { parseId } from '@bullpen/contract/route-params';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { CataloguePage } from './CataloguePage.tsx';
import { CoursePage } from './CoursePage.tsx';
import type { RenderCalculator } from '../components/Reading.tsx';
import { LessonPage } from './LessonPage.tsx';

/**
 * /lessons (signed in): the catalogue; `?course=ID` a course; `?lesson=ID` a lesson. An id
 * the API would refuse (the contract's rule for every id) goes to the 404 page, as an unknown
 * one does once the API says so. A lesson's calculators are drawn by `renderCalculator` (the
 * app composes the tools feature in: app/routes/learn/LessonsRoute.tsx).
 */
export function LessonsPage({ renderCalculator }: { renderCalculator?: RenderCalculator }) {
  const [params] = useSearchParams();
  const lesson = params.get('lesson');
  const course = params.get('course');
  if (lesson !== null) {
    const id = parseId(lesson);
    return id ? (
      <LessonPage lessonId={id} renderCalculator={renderCalculator} />
    ) : (
      <Navigate to={NOT_FOUND_PATH} replace />
    );
  }
  if (course !== null) {
    const id = parseId(course);
    return id ? <CoursePage key={id} courseId={id} /> : <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return <CataloguePage />;
}
