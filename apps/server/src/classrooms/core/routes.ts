import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addStudentAccountsSchema,
  classroomInviteResultSchema,
  classroomInviteSchema,
  classroomListQuery,
  classroomListSchema,
  classroomParams,
  classroomSchema,
  classroomStudentListSchema,
  classroomUserParams,
  createClassroomSchema,
  deleteClassroomQuery,
  freezeClassroomSchema,
  joinClassroomSchema,
  studentAccountsResultSchema,
  studentCredentialsSchema,
} from '@bullpen/contract/classrooms';
import { pageQuery } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { paginate } from '../../platform/pagination.ts';
import { requireMember } from './access.ts';
import { presentClassroom, presentStudent } from './presenter.ts';
import {
  addStudentAccounts,
  classroomStudents,
  classroomView,
  classroomViews,
  createClassroom,
  deleteClassroom,
  deleteStudentAccount,
  inviteToClassroom,
  joinClassroom,
  listMyClassroomIds,
  removeFromClassroom,
  resetStudentPassword,
  setClassroomFrozen,
} from './service.ts';
import { joinCodeLimits } from '../../platform/attempt-limits.ts';

/** The core classroom routes: classes, joining, students, invitations, freeze and delete. */
export async function classroomRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const { now } = options;
  const { membership, deleting } = app.classrooms;
  const tags = ['classrooms'];
  app.addHook('preValidation', requireUserHook);

  route.post(
    api.classrooms.pattern,
    { schema: { tags, body: createClassroomSchema, response: { 201: classroomSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const classroom = await createClassroom(db, actor, request.body);
      reply.status(201);
      return presentClassroom(await classroomView(db, classroom.id, actor, now()));
    },
  );

  route.get(
    api.classrooms.pattern,
    { schema: { tags, querystring: classroomListQuery, response: { 200: classroomListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const ids = await listMyClassroomIds(db, actor, request.query.search || undefined);
      const page = paginate(ids, request.query, request.url, config.publicUrl);
      const views = await classroomViews(db, page.results, actor, now());
      return { ...page, results: views.map(presentClassroom) };
    },
  );

  route.post(
    api.joinClassroom.pattern,
    {
      schema: {
        tags,
        body: joinClassroomSchema,
        response: { 200: classroomSchema, 201: classroomSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { classroom, created } = await joinClassroom(
        db,
        membership,
        actor,
        request.body.code,
        now(),
        joinCodeLimits(config, actor.id, request.ip),
      );
      reply.status(created ? 201 : 200);
      return presentClassroom(await classroomView(db, classroom.id, actor, now()));
    },
  );

  route.get(
    api.classroom.pattern,
    { schema: { tags, params: classroomParams, response: { 200: classroomSchema } } },
    async (request) => {
      const actor = requireUser(request);
      await requireMember(db, request.params.id, actor);
      return presentClassroom(await classroomView(db, request.params.id, actor, now()));
    },
  );

  route.delete(
    api.classroom.pattern,
    { schema: { tags, params: classroomParams, querystring: deleteClassroomQuery } },
    async (request, reply) => {
      const actor = requireUser(request);
      await deleteClassroom(app.deps, deleting, actor, request.params.id, now(), {
        deleteStudentAccounts: request.query.delete_student_accounts === 'true',
      });
      return reply.status(204).send();
    },
  );

  route.patch(
    api.freezeClassroom.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: freezeClassroomSchema,
        response: { 200: classroomSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await setClassroomFrozen(db, actor, request.params.id, request.body.frozen, now());
      return presentClassroom(await classroomView(db, request.params.id, actor, now()));
    },
  );

  route.post(
    api.inviteToClassroom.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: classroomInviteSchema,
        response: { 200: classroomInviteResultSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return {
        // Mail limits run on real time.
        invited: await inviteToClassroom(
          app.deps,
          actor,
          request.params.id,
          request.body.emails,
          new Date(),
        ),
      };
    },
  );

  route.get(
    api.classroomStudents.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        querystring: pageQuery,
        response: { 200: classroomStudentListSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const students = await classroomStudents(db, actor, request.params.id);
      const page = paginate(students, request.query, request.url, config.publicUrl);
      return { ...page, results: page.results.map((view) => presentStudent(view, actor.id)) };
    },
  );

  route.delete(
    api.classroomUser.pattern,
    { schema: { tags, params: classroomUserParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await removeFromClassroom(
        db,
        membership,
        actor,
        request.params.id,
        request.params.userId,
        now(),
      );
      return reply.status(204).send();
    },
  );

  route.post(
    api.classroomStudentAccounts.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: addStudentAccountsSchema,
        response: { 201: studentAccountsResultSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const students = await addStudentAccounts(
        db,
        membership,
        actor,
        request.params.id,
        request.body.students,
        now(),
      );
      reply.status(201);
      return { students };
    },
  );

  route.post(
    api.classroomStudentPassword.pattern,
    {
      schema: {
        tags,
        params: classroomUserParams,
        response: { 200: studentCredentialsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return resetStudentPassword(db, actor, request.params.id, request.params.userId, now());
    },
  );

  route.delete(
    api.classroomStudentAccount.pattern,
    { schema: { tags, params: classroomUserParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await deleteStudentAccount(app.deps, actor, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}
