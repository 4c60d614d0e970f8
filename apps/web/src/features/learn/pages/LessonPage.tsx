import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import { learnPaths, publicPaths } from '@bullpen/contract/routes';
import type { Lesson } from '@bullpen/contract/learn';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCompletedModules, useLesson, useNewDraw, useSubmitAttempt } from '../api/learn-api.ts';
import { LearnBreadcrumbs } from '../components/LearnBreadcrumbs.tsx';
import { LinkedModules } from '../components/LinkedModules.tsx';
import { PageStatus } from '../components/PageStatus.tsx';
import { DecisionScenario } from '../components/DecisionScenario.tsx';
import { CONTENT_LANGUAGE, Reading, type RenderCalculator } from '../components/Reading.tsx';
import { QuizForm } from '../quiz/QuizForm.tsx';

/**
 * /lessons?lesson=ID: objectives, the reading (with any calculator it places, drawn by
 * `renderCalculator`), "try it", the quiz, and the way on.
 */
export function LessonPage({
  lessonId,
  renderCalculator,
}: {
  lessonId: number;
  renderCalculator?: RenderCalculator;
}) {
  const { t } = useTranslation('learn');
  const lesson = useLesson(lessonId);
  useDocumentTitle(lesson.data?.title ?? t('catalogue.title'));
  if (!lesson.data) return <PageStatus error={lesson.error} />;
  // A new lesson is a new quiz: its form starts empty.
  return (
    <LessonView key={lesson.data.id} lesson={lesson.data} renderCalculator={renderCalculator} />
  );
}

function LessonView({
  lesson,
  renderCalculator,
}: {
  lesson: Lesson;
  renderCalculator?: RenderCalculator;
}) {
  const { t } = useTranslation('learn');
  const submit = useSubmitAttempt();
  const newDraw = useNewDraw(lesson.id);
  const modules = useCompletedModules(lesson.id);
  return (
    <PageContainer maxWidth={900}>
      <LearnBreadcrumbs
        crumbs={[
          { label: t('catalogue.title'), to: learnPaths.catalogue },
          { label: lesson.course.title, to: learnPaths.course(lesson.course.id) },
          { label: lesson.title },
        ]}
      />
      <Box component="article" aria-labelledby="lesson-title">
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
          {t('lesson.eyebrow', { order: lesson.order, course: lesson.course.title })}
        </Typography>
        <Typography
          variant="h1"
          id="lesson-title"
          lang={CONTENT_LANGUAGE}
          sx={{ mb: 1, overflowWrap: 'anywhere' }}
        >
          {lesson.title}
        </Typography>
        <Typography sx={{ fontSize: '1.125rem', color: 'text.secondary', mb: 2 }}>
          {lesson.sub_title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 3 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('minutes', { count: lesson.minutes })}
          </Typography>
          {lesson.progress.completed && (
            <Chip
              size="small"
              color="success"
              icon={<CheckCircleIcon aria-hidden="true" />}
              label={t('course.done')}
            />
          )}
          {lesson.progress.best_percent !== null && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('course.best', { percent: lesson.progress.best_percent })}
            </Typography>
          )}
          <Link component={RouterLink} to={publicPaths.glossary} variant="body2">
            {t('lesson.glossary')}
          </Link>
        </Box>

        <Box
          component="section"
          aria-labelledby="objectives-heading"
          sx={{ bgcolor: '#f3f6fb', borderRadius: 2, p: { xs: 2, sm: 3 }, mb: 4, maxWidth: '70ch' }}
        >
          <Typography variant="h2" id="objectives-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('lesson.objectives')}
          </Typography>
          <Box component="ul" lang={CONTENT_LANGUAGE} sx={{ m: 0, pl: 3, '& li': { my: 0.5 } }}>
            {lesson.objectives.map((objective) => (
              <li key={objective}>{objective}</li>
            ))}
          </Box>
          {lesson.standards.length > 0 && (
            <>
              <Typography variant="h3" sx={{ fontSize: '1rem', mt: 2, mb: 0.5 }}>
                {t('lesson.standards')}
              </Typography>
              <Box
                component="ul"
                lang={CONTENT_LANGUAGE}
                sx={{ m: 0, pl: 3, '& li': { my: 0.5 }, fontSize: '0.9375rem' }}
              >
                {lesson.standards.map((standard) => (
                  <li key={standard.code}>
                    <strong>{standard.code}</strong> {standard.title}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Box>

        <Box component="section" aria-label={t('lesson.reading')}>
          <Reading
            html={lesson.html}
            tableLabel={t('lesson.table')}
            renderCalculator={renderCalculator}
          />
        </Box>

        {lesson.decision && <DecisionScenario decision={lesson.decision} />}

        <Box
          sx={{
            my: 4,
            p: { xs: 2, sm: 3 },
            borderRadius: 2,
            border: '1px solid',
            borderColor: 'divider',
            maxWidth: '70ch',
          }}
        >
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('lesson.tryIt')}
          </Typography>
          <Button component={RouterLink} to={lesson.try_it.path} variant="outlined">
            {lesson.try_it.label}
          </Button>
        </Box>
      </Box>

      <Divider sx={{ my: 4 }} />
      <Box component="section" aria-labelledby="quiz-heading" sx={{ maxWidth: '70ch' }}>
        <Typography variant="h2" id="quiz-heading" sx={{ mb: 1 }}>
          {t('quiz.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {t('quiz.lead', { pass: lesson.course.pass_percent })}
        </Typography>
        <QuizForm
          questions={lesson.questions}
          passPercent={lesson.course.pass_percent}
          onSubmit={({ body, idempotencyKey }) =>
            submit.mutateAsync({ lessonId: lesson.id, body, idempotencyKey })
          }
          onNewDraw={newDraw}
        />
      </Box>

      {modules.data && modules.data.length > 0 && <LinkedModules modules={modules.data} />}

      <Box
        component="nav"
        aria-label={t('lesson.moreLessons')}
        sx={{
          mt: 6,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          justifyContent: 'space-between',
        }}
      >
        {lesson.previous ? (
          <Button
            component={RouterLink}
            to={learnPaths.lesson(lesson.previous.id)}
            startIcon={<ArrowBackIcon aria-hidden="true" />}
            sx={{ textAlign: 'left' }}
          >
            {t('lesson.previous', { title: lesson.previous.title })}
          </Button>
        ) : (
          <span />
        )}
        {lesson.next ? (
          <Button
            component={RouterLink}
            to={learnPaths.lesson(lesson.next.id)}
            variant="contained"
            endIcon={<ArrowForwardIcon aria-hidden="true" />}
            sx={{ textAlign: 'left' }}
          >
            {t('lesson.next', { title: lesson.next.title })}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={learnPaths.course(lesson.course.id)}
            variant="contained"
          >
            {t('lesson.backToCourse')}
          </Button>
        )}
      </Box>
    </PageContainer>
  );
}
