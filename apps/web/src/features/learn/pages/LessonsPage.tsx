import { Navigate, useSearchParams } from 'react-router';
import { parseId } from '@bullpen/contract/route-params';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { CataloguePage } from './CataloguePage.tsx';
import { CoursePage } from './CoursePage.tsx';
import { LessonPage } from './LessonPage.tsx';

/**
 * /lessons (signed in): the catalogue; `?course=ID` a course; `?lesson=ID` a lesson. An id
 * the API would refuse (the contract's rule for every id) goes to the 404 page, as an unknown
 * one does once the API says so.
 */
export function LessonsPage() {
  const [params] = useSearchParams();
  const lesson = params.get('lesson');
  const course = params.get('course');
  if (lesson !== null) {
    const id = parseId(lesson);
    return id ? <LessonPage lessonId={id} /> : <Navigate to={NOT_FOUND_PATH} replace />;
  }
  if (course !== null) {
    const id = parseId(course);
    return id ? <CoursePage key={id} courseId={id} /> : <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return <CataloguePage />;
}

export const Component = LessonsPage;
