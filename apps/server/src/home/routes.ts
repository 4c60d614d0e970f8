import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  homeClassesSchema,
  homeContestsSchema,
  homeChildSchema,
  homeCoursesSchema,
  homeInactiveStudentsSchema,
  homeLeadersSchema,
  homeLessonsDueSchema,
  homePointsSchema,
  homeReportsSchema,
  homeRetentionSchema,
  homeRewardRequestsSchema,
} from '@bullpen/contract/home';
import { guardianChildParams } from '@bullpen/contract/guardians';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../auth/authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import type { UserRow } from '../users/queries.ts';
import { canReadStaffHome, canReadTeacherHome } from './policies.ts';
import { childCard } from '../guardians/service.ts';
import {
  presentChild,
  presentClasses,
  presentContests,
  presentCourses,
  presentInactiveStudents,
  presentLeaders,
  presentLessonsDue,
  presentPoints,
  presentReports,
  presentRetention,
  presentRewardRequests,
} from './presenter.ts';
import {
  classContestLeaders,
  classContestStandings,
  classesWithOverdueWork,
  courseSteps,
  inactiveStudents,
  lessonsDue,
  pendingRewardRequests,
  pointsStanding,
  reportedPosts,
  retentionLastRun,
} from './service.ts';

function requireTeacher(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!canReadTeacherHome(user)) throw forbidden();
  return user;
}

function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!canReadStaffHome(user)) throw forbidden();
  return user;
}

/** The signed-in home's cards: one GET each, about the reader's own data or classes. */
export async function homeRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['home'];

  // A student's cards: the reader's own lessons, courses, contests and points.
  route.get(
    api.homeLessonsDue.pattern,
    { schema: { tags, response: { 200: homeLessonsDueSchema } } },
    async (request) => presentLessonsDue(await lessonsDue(db, requireUser(request), options.now())),
  );
  route.get(
    api.homeCourses.pattern,
    { schema: { tags, response: { 200: homeCoursesSchema } } },
    async (request) => presentCourses(await courseSteps(db, requireUser(request))),
  );
  route.get(
    api.homeContests.pattern,
    { schema: { tags, response: { 200: homeContestsSchema } } },
    async (request) => presentContests(await classContestStandings(db, requireUser(request))),
  );
  route.get(
    api.homePoints.pattern,
    { schema: { tags, response: { 200: homePointsSchema } } },
    async (request) => presentPoints(await pointsStanding(db, requireUser(request))),
  );

  // A teacher's cards: only the classes they teach.
  route.get(
    api.homeClasses.pattern,
    { schema: { tags, response: { 200: homeClassesSchema } } },
    async (request) =>
      presentClasses(await classesWithOverdueWork(db, requireTeacher(request), options.now())),
  );
  route.get(
    api.homeInactiveStudents.pattern,
    { schema: { tags, response: { 200: homeInactiveStudentsSchema } } },
    async (request) =>
      presentInactiveStudents(await inactiveStudents(db, requireTeacher(request), new Date())),
  );
  route.get(
    api.homeRewardRequests.pattern,
    { schema: { tags, response: { 200: homeRewardRequestsSchema } } },
    async (request) =>
      presentRewardRequests(await pendingRewardRequests(db, requireTeacher(request))),
  );
  route.get(
    api.homeReports.pattern,
    { schema: { tags, response: { 200: homeReportsSchema } } },
    async (request) => presentReports(await reportedPosts(db, requireTeacher(request))),
  );
  route.get(
    api.homeLeaders.pattern,
    { schema: { tags, response: { 200: homeLeadersSchema } } },
    async (request) =>
      presentLeaders(await classContestLeaders(db, requireTeacher(request), options.now())),
  );

  // A guardian's card for each child they follow: 404 for any other child (guardians' rule).
  route.get(
    api.homeChild.pattern,
    { schema: { tags, params: guardianChildParams, response: { 200: homeChildSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return presentChild(
        await childCard(db, requireUser(request), request.params.id, options.now()),
      );
    },
  );
  // Staff's card beside the ones their existing endpoints answer.
  route.get(
    api.homeRetention.pattern,
    { schema: { tags, response: { 200: homeRetentionSchema } } },
    async (request) => {
      requireStaff(request);
      return presentRetention(await retentionLastRun(db));
    },
  );
}
