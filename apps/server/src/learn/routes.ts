import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attemptBodySchema,
  attemptListSchema,
  attemptSchema,
  coursePageSchema,
  glossarySchema,
  type GlossaryTerm,
  courseParams,
  courseSchema,
  lessonCardPageSchema,
  lessonParams,
  lessonSchema,
  lessonsQuery,
  previewCoursePageSchema,
  previewCoursesQuery,
} from '@bullpen/contract/learn';
import { pageQuery } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { optionalUser, requireUser, requireUserHook } from '../auth/authenticate.ts';
import { idempotencyHeaders, REPLAYED_HEADER } from '../platform/idempotency.ts';
import { pageOf, paginate, pageWindow } from '../platform/pagination.ts';
import { progressViewer } from './policies.ts';
import {
  presentAttempt,
  presentAttemptSummary,
  presentCourse,
  presentLesson,
  presentLessonCard,
  presentPreviewCourse,
} from './presenter.ts';
import {
  courseView,
  coursePage,
  lessonCards,
  lessonView,
  myAttempts,
  previewPage,
  submitAttempt,
} from './service.ts';

/**
 * Learn (spec section 7): the catalogue is open to anyone and shows progress to a signed-in
 * user; a lesson, its quiz and attempts need a user.
 */
export async function learnRoutes(
  app: FastifyInstance,
  { glossary }: { glossary: GlossaryTerm[] },
): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['learn'];

  // The glossary is the same for everyone and changes only with the content files: read at
  // start-up (plugin.ts), served from memory.
  route.get(
    api.glossary.pattern,
    { schema: { tags, security: [], response: { 200: glossarySchema } } },
    async () => ({ terms: glossary }),
  );

  route.get(
    api.courses.pattern,
    { schema: { tags, querystring: pageQuery, response: { 200: coursePageSchema } } },
    async (request) => {
      const viewer = progressViewer(optionalUser(request));
      const { count, results } = await coursePage(db, viewer, pageWindow(request.query));
      return pageOf(
        results.map(({ course, completed }) => presentCourse(course, completed)),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.get(
    api.coursesPreview.pattern,
    {
      schema: {
        tags,
        security: [],
        querystring: previewCoursesQuery,
        response: { 200: previewCoursePageSchema },
      },
    },
    async (request) => {
      const { count, results } = await previewPage(db, pageWindow(request.query));
      return pageOf(
        results.map(({ course, lessons }) => presentPreviewCourse(course, lessons)),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.get(
    api.course.pattern,
    { schema: { tags, params: courseParams, response: { 200: courseSchema } } },
    async (request) => {
      const viewer = progressViewer(optionalUser(request));
      const { course, completed } = await courseView(db, viewer, request.params.id);
      return presentCourse(course, completed);
    },
  );

  route.get(
    api.lessons.pattern,
    { schema: { tags, querystring: lessonsQuery, response: { 200: lessonCardPageSchema } } },
    async (request) => {
      const viewer = progressViewer(optionalUser(request));
      const cards = await lessonCards(db, viewer, request.query.course);
      return paginate(
        cards.map(({ lesson, progress }) => presentLessonCard(lesson, progress)),
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.get(
    api.lesson.pattern,
    {
      preValidation: requireUserHook,
      schema: { tags, params: lessonParams, response: { 200: lessonSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      return presentLesson(await lessonView(db, actor.id, request.params.id));
    },
  );

  route.post(
    api.lessonAttempts.pattern,
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        params: lessonParams,
        headers: idempotencyHeaders,
        body: attemptBodySchema,
        response: { 200: attemptSchema, 201: attemptSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const submitted = await submitAttempt(
        db,
        actor,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (submitted.pointsWritten) app.points.announce(submitted.pointsWritten);
      reply.status(submitted.replayed ? 200 : 201);
      if (submitted.replayed) reply.header(REPLAYED_HEADER, 'true');
      return presentAttempt(submitted.attempt, submitted.lessonCompleted, submitted.pointsAwarded);
    },
  );

  route.get(
    api.lessonAttempts.pattern,
    {
      preValidation: requireUserHook,
      schema: { tags, params: lessonParams, response: { 200: attemptListSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const attempts = await myAttempts(db, actor, request.params.id);
      return attempts.map(({ attempt, lessonCompleted }) =>
        presentAttemptSummary(attempt, lessonCompleted),
      );
    },
  );
}
