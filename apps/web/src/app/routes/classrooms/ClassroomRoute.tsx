import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Classroom } from '@bullpen/contract/classrooms';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { useRouteParams } from '@/lib/route-params.ts';
import { PageLoader } from '@/components/PageLoader.tsx';
import { ClassroomLessons } from '@/features/classrooms/components/lessons/ClassroomLessons.tsx';
import { ClassroomPage } from '@/features/classrooms/pages/ClassroomPage.tsx';

/*
 * Lessons, the first tab, comes with the page; each other tab's code loads when it is opened:
 * the résumés' rich-text editor (tiptap and ProseMirror), the board, the students' tables and
 * the rewards' forms were all in the page's first load, whichever tab was shown.
 */
const DiscussionBoard = lazy(() =>
  import('@/features/classrooms/components/board/DiscussionBoard.tsx').then((module) => ({
    default: module.DiscussionBoard,
  })),
);
const ClassroomCertificates = lazy(() =>
  import('@/features/classrooms/components/certificates/ClassroomCertificates.tsx').then(
    (module) => ({ default: module.ClassroomCertificates }),
  ),
);
const ClassroomContests = lazy(() =>
  import('@/features/classrooms/components/contests/ClassroomContests.tsx').then((module) => ({
    default: module.ClassroomContests,
  })),
);
const ClassroomResumes = lazy(() =>
  import('@/features/resumes/components/ClassroomResumes.tsx').then((module) => ({
    default: module.ClassroomResumes,
  })),
);
const ClassroomRewards = lazy(() =>
  import('@/features/classrooms/components/rewards/ClassroomRewards.tsx').then((module) => ({
    default: module.ClassroomRewards,
  })),
);
const ClassroomGradebook = lazy(() =>
  import('@/features/classrooms/components/gradebook/ClassroomGradebook.tsx').then((module) => ({
    default: module.ClassroomGradebook,
  })),
);
const ClassroomStudents = lazy(() =>
  import('@/features/classrooms/components/students/ClassroomStudents.tsx').then((module) => ({
    default: module.ClassroomStudents,
  })),
);

type Section = {
  key:
    | 'lessons'
    | 'students'
    | 'gradebook'
    | 'board'
    | 'resumes'
    | 'certificates'
    | 'contests'
    | 'rewards';
  teacherOnly?: boolean;
  render: (classroom: Classroom) => ReactNode;
};

/** The class's sections, each a panel of its own area; Students and Gradebook are the teacher's alone. */
const SECTIONS: Section[] = [
  { key: 'lessons', render: (classroom) => <ClassroomLessons classroom={classroom} /> },
  {
    key: 'students',
    teacherOnly: true,
    render: (classroom) => <ClassroomStudents classroom={classroom} />,
  },
  {
    key: 'gradebook',
    teacherOnly: true,
    render: (classroom) => <ClassroomGradebook classroom={classroom} />,
  },
  { key: 'board', render: (classroom) => <DiscussionBoard classroom={classroom} /> },
  { key: 'resumes', render: (classroom) => <ClassroomResumes classroom={classroom} /> },
  { key: 'certificates', render: (classroom) => <ClassroomCertificates classroom={classroom} /> },
  { key: 'contests', render: (classroom) => <ClassroomContests classroom={classroom} /> },
  { key: 'rewards', render: (classroom) => <ClassroomRewards classroom={classroom} /> },
];

/** The sections as tabs; the open one is in the address (`?tab=`), the first by default. */
function ClassroomSections({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation('classrooms');
  const [params, setParams] = useSearchParams();
  const sections = SECTIONS.filter(
    (section) => !section.teacherOnly || classroom.role === 'teacher',
  );
  const current = sections.find((section) => section.key === params.get('tab')) ?? sections[0]!;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.key}
          onChange={(_event, key: string) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('page.sections')}
        >
          {sections.map((section) => (
            <Tab
              key={section.key}
              value={section.key}
              label={t(`tabs.${section.key}`)}
              id={`classroom-tab-${section.key}`}
              aria-controls={`classroom-panel-${section.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`classroom-panel-${current.key}`}
        aria-labelledby={`classroom-tab-${current.key}`}
      >
        {/* A new boundary per tab: the tab changes at once and its panel shows the loader. */}
        <Suspense key={current.key} fallback={<PageLoader />}>
          {current.render(classroom)}
        </Suspense>
      </Box>
    </>
  );
}

/** /classroom/{id}: the class's page, its sections composed from the features' panels. */
export function Component() {
  const params = useRouteParams('id');
  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <ClassroomPage
      classroomId={params.id}
      renderSections={(classroom) => <ClassroomSections classroom={classroom} />}
    />
  );
}
