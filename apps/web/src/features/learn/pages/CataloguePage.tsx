import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { learnPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCourses } from '../api/learn-api.ts';
import { CourseProgress } from '../components/CourseProgress.tsx';
import { PageStatus } from '../components/PageStatus.tsx';

export const courseGrid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** /lessons: every course as a card, with my progress through it. */
export function CataloguePage() {
  const { t } = useTranslation('learn');
  useDocumentTitle(t('catalogue.title'));
  const courses = useCourses();
  if (!courses.data) return <PageStatus error={courses.error} />;
  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('catalogue.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: '70ch' }}>
        {t('catalogue.lead')}
      </Typography>
      {courses.data.results.length === 0 ? (
        <Typography>{t('catalogue.empty')}</Typography>
      ) : (
        <Box component="ul" sx={courseGrid}>
          {courses.data.results.map((course) => (
            <Paper
              key={course.id}
              component="li"
              variant="outlined"
              sx={{ p: 2.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
            >
              <Typography variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={learnPaths.course(course.id)}>
                  {course.title}
                </Link>
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Chip
                  size="small"
                  label={t('grades', { from: course.grade_min, to: course.grade_max })}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('lessonCount', { count: course.lessons_count })}
                />
              </Box>
              <Typography sx={{ color: 'text.secondary' }}>{course.description}</Typography>
              {course.progress && (
                <Box sx={{ mt: 'auto' }}>
                  <CourseProgress
                    id={`course-progress-${course.id}`}
                    completed={course.progress.completed}
                    total={course.progress.total}
                  />
                </Box>
              )}
            </Paper>
          ))}
        </Box>
      )}
    </PageContainer>
  );
}
