import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { learnPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCourse, useCourseLessons } from '../api/learn-api.ts';
import { CourseProgress } from '../components/CourseProgress.tsx';
import { LearnBreadcrumbs } from '../components/LearnBreadcrumbs.tsx';
import { PageStatus } from '../components/PageStatus.tsx';
import { Sources } from '../components/Sources.tsx';

/** /lessons?course=ID: the course, its lessons in order with my marks, and its sources. */
export function CoursePage({ courseId }: { courseId: number }) {
  const { t } = useTranslation('learn');
  const course = useCourse(courseId);
  const lessons = useCourseLessons(courseId);
  useDocumentTitle(course.data?.title ?? t('catalogue.title'));
  if (!course.data || !lessons.data) return <PageStatus error={course.error ?? lessons.error} />;
  const { data } = course;
  return (
    <PageContainer>
      <LearnBreadcrumbs
        crumbs={[{ label: t('catalogue.title'), to: learnPaths.catalogue }, { label: data.title }]}
      />
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {data.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Chip size="small" label={t('grades', { from: data.grade_min, to: data.grade_max })} />
        <Chip size="small" variant="outlined" label={t('passMark', { pass: data.pass_percent })} />
      </Box>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>{data.description}</Typography>
      {data.progress && (
        <Box sx={{ maxWidth: 420, mb: 4 }}>
          <CourseProgress
            id="course-progress"
            completed={data.progress.completed}
            total={data.progress.total}
          />
        </Box>
      )}
      <Typography variant="h2" id="lessons-heading" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t('course.lessons')}
      </Typography>
      <Box
        component="ol"
        aria-labelledby="lessons-heading"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, maxWidth: 840 }}
      >
        {lessons.data.results.map((lesson) => (
          <Paper
            key={lesson.id}
            component="li"
            variant="outlined"
            sx={{
              p: 2,
              borderRadius: 2,
              display: 'flex',
              gap: 2,
              alignItems: 'flex-start',
              minWidth: 0,
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                flex: '0 0 auto',
                width: 36,
                height: 36,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                bgcolor: lesson.completed ? 'success.main' : '#e6edf7',
                color: lesson.completed ? '#fff' : 'primary.dark',
              }}
            >
              {lesson.completed ? <CheckCircleIcon fontSize="small" /> : lesson.order}
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h3" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={learnPaths.lesson(lesson.id)}>
                  {lesson.title}
                </Link>
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{lesson.sub_title}</Typography>
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  mt: 1,
                  alignItems: 'center',
                }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('minutes', { count: lesson.minutes })}
                </Typography>
                {lesson.completed && (
                  <Chip
                    size="small"
                    color="success"
                    icon={<CheckCircleIcon aria-hidden="true" />}
                    label={t('course.done')}
                  />
                )}
                {lesson.best_percent !== null && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('course.best', { percent: lesson.best_percent })}
                  </Typography>
                )}
              </Box>
            </Box>
          </Paper>
        ))}
      </Box>
      <Sources sources={data.sources} headingId="course-sources" />
    </PageContainer>
  );
}
