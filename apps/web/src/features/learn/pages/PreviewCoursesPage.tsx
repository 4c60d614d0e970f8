import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { learnPaths, publicPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePreviewCourses } from '../api/learn-api.ts';
import { PageStatus } from '../components/PageStatus.tsx';
import { courseGrid } from './CataloguePage.tsx';

function SignUpCallToAction({ headingId }: { headingId: string }) {
  const { t } = useTranslation('learn');
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ bgcolor: '#f3f6fb', borderRadius: 2, p: { xs: 2.5, md: 4 }, my: 4 }}
    >
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('preview.ctaTitle')}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('preview.ctaText')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button component={RouterLink} to={publicPaths.signup} variant="contained">
          {t('preview.signup')}
        </Button>
        <Button component={RouterLink} to={publicPaths.signupTeacher} variant="outlined">
          {t('preview.signupTeacher')}
        </Button>
      </Box>
    </Box>
  );
}

/** /public/preview-courses: the public catalogue, each course with its lessons' titles. */
export function PreviewCoursesPage() {
  const { t } = useTranslation('learn');
  useDocumentTitle(t('preview.title'));
  const courses = usePreviewCourses();
  if (!courses.data) return <PageStatus error={courses.error} />;
  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('preview.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: '70ch' }}>
        {t('preview.lead')}
      </Typography>
      <SignUpCallToAction headingId="cta-top" />
      <Box component="ul" sx={courseGrid}>
        {courses.data.results.map((course) => (
          <Paper
            key={course.id}
            component="li"
            variant="outlined"
            sx={{ p: 2.5, borderRadius: 2, minWidth: 0 }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
              {course.title}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
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
            <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>{course.description}</Typography>
            <Box
              component="ol"
              aria-label={t('preview.lessonsOf', { course: course.title })}
              sx={{ m: 0, pl: 3, '& li': { my: 0.5 } }}
            >
              {course.lessons.map((lesson) => (
                <li key={lesson.slug}>
                  <Link component={RouterLink} to={learnPaths.publicLesson(lesson.slug)}>
                    {lesson.title}
                  </Link>
                </li>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      <SignUpCallToAction headingId="cta-bottom" />
    </PageContainer>
  );
}

export const Component = PreviewCoursesPage;
