import { Navigate, useSearchParams } from 'react-router';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { CataloguePage } from './CataloguePage.tsx';
import { CoursePage } from './CoursePage.tsx';
import { LessonPage } from './LessonPage.tsx';

/** A positive whole number from the query, or null (`abc`, `0`, `1.5` are not ids). */
function idFrom(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * /lessons (signed in): the catalogue; `?course=ID` a course; `?lesson=ID` a lesson. An id
 * that cannot be one goes to the 404 page, as an unknown one does once the API says so.
 */
export function LessonsPage() {
  const [params] = useSearchParams();
  const lesson = params.get('lesson');
  const course = params.get('course');
  if (lesson !== null) {
    const id = idFrom(lesson);
    return id ? <LessonPage lessonId={id} /> : <Navigate to={NOT_FOUND_PATH} replace />;
  }
  if (course !== null) {
    const id = idFrom(course);
    return id ? <CoursePage key={id} courseId={id} /> : <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return <CataloguePage />;
}

export const Component = LessonsPage;
