import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classroomCoursesSchema,
  classroomLessonParams,
  classroomLessonStateSchema,
  enabledLessonsSchema,
  enableLessonsBodySchema,
  overdueBodySchema,
  overdueLessonsSchema,
  reminderResultSchema,
  statisticsBodySchema,
  statisticsSchema,
  updateClassroomLessonBodySchema,
} from '@bullpen/contract/classroom-lessons';
import { classroomParams } from '@bullpen/contract/classrooms';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { requireMember, requireTeacher } from '../core/access.ts';
import {
  presentClassroomCourse,
  presentLessonState,
  presentOverdue,
  presentStudentStatistics,
} from './presenter.ts';
import {
  classroomCourses,
  classroomStatistics,
  enableClassroomLessons,
  overdueLessons,
  remindLesson,
  updateClassroomLesson,
} from './service.ts';

/**
 * Lessons in a class (spec section 7 "Classrooms"): members read the class's courses; only
 * its teacher enables lessons, sets due dates, reminds, and reads statistics and overdue lists.
 */
export async function classroomLessonRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.deps;
  const tags = ['classrooms'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.classroomCourses.pattern,
    { schema: { tags, params: classroomParams, response: { 200: classroomCoursesSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireMember(db, request.params.id, actor);
      const courses = await classroomCourses(db, access, actor, options.now());
      const teacher = access.role === 'teacher';
      return { results: courses.map((course) => presentClassroomCourse(course, teacher)) };
    },
  );

  route.post(
    api.classroomLessons.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: enableLessonsBodySchema,
        response: { 200: enabledLessonsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const { rows, assigned } = await enableClassroomLessons(
        db,
        access,
        request.body,
        options.now(),
      );
      for (const event of assigned) await events.emit('lessonAssigned', event);
      return { results: rows.map(presentLessonState) };
    },
  );

  route.patch(
    api.classroomLesson.pattern,
    {
      schema: {
        tags,
        params: classroomLessonParams,
        body: updateClassroomLessonBodySchema,
        response: { 200: classroomLessonStateSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const { row, assigned } = await updateClassroomLesson(
        db,
        access,
        request.params.lessonId,
        request.body,
        options.now(),
      );
      for (const event of assigned) await events.emit('lessonAssigned', event);
      return presentLessonState(row);
    },
  );

  route.post(
    api.remindClassroomLesson.pattern,
    {
      schema: { tags, params: classroomLessonParams, response: { 200: reminderResultSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const reminder = await remindLesson(db, access, request.params.lessonId, options.now());
      const { mailed, inApp } = await events.emit('lessonReminded', reminder);
      return { mailed, in_app: inApp };
    },
  );

  route.post(
    api.classroomStatistics.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: statisticsBodySchema,
        response: { 200: statisticsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const { lessons, results } = await classroomStatistics(db, access, request.body);
      return { lessons, results: results.map(presentStudentStatistics) };
    },
  );

  route.post(
    api.classroomOverdueLessons.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: overdueBodySchema,
        response: { 200: overdueLessonsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const results = await overdueLessons(db, access, request.body, options.now());
      return { results: results.map(presentOverdue) };
    },
  );
}
