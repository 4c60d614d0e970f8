import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classroomParams } from '@bullpen/contract/classrooms';
import { pageQuery } from '@bullpen/contract/pagination';
import {
  resumeBodySchema,
  resumeCommentBodySchema,
  resumeCommentListSchema,
  resumeCommentSchema,
  resumeListQuery,
  resumeListSchema,
  resumeParams,
  resumeSchema,
} from '@bullpen/contract/resumes';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { presentResume, presentResumeComment } from './presenter.ts';
import {
  commentOnResume,
  listResumeComments,
  listResumes,
  resumeOf,
  saveResume,
} from './service.ts';

/**
 * Résumés in a class (spec section 7 "Resumes"): the class's teacher reads every résumé and
 * comments; a student writes their own, reads the comments and answers; nobody else.
 */
export async function resumeRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['resumes'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.classroomResumes.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        querystring: resumeListQuery,
        response: { 200: resumeListSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { count, results, people } = await listResumes(
        db,
        actor,
        request.params.id,
        pageWindow(request.query),
      );
      return pageOf(
        results.map((resume) => presentResume(resume, people.get(resume.userId)!)),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.post(
    api.classroomResumes.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: resumeBodySchema,
        response: { 200: resumeSchema, 201: resumeSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { resume, created } = await saveResume(
        db,
        actor,
        request.params.id,
        request.body,
        options.now(),
      );
      reply.status(created ? 201 : 200);
      return presentResume(resume, actor);
    },
  );

  route.get(
    api.classroomResume.pattern,
    { schema: { tags, params: resumeParams, response: { 200: resumeSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { resume, author } = await resumeOf(
        db,
        actor,
        request.params.id,
        request.params.resumeId,
      );
      return presentResume(resume, author);
    },
  );

  route.get(
    api.resumeComments.pattern,
    {
      schema: {
        tags,
        params: resumeParams,
        querystring: pageQuery,
        response: { 200: resumeCommentListSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { count, results, people, teacherId } = await listResumeComments(
        db,
        actor,
        request.params.id,
        request.params.resumeId,
        pageWindow(request.query),
      );
      return pageOf(
        results.map((comment) =>
          presentResumeComment(comment, people.get(comment.userId)!, teacherId),
        ),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.post(
    api.resumeComments.pattern,
    {
      schema: {
        tags,
        params: resumeParams,
        body: resumeCommentBodySchema,
        response: { 201: resumeCommentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { comment, teacherId, commented } = await commentOnResume(
        db,
        actor,
        request.params.id,
        request.params.resumeId,
        request.body,
        options.now(),
      );
      await app.deps.events.emit('resumeCommented', commented);
      reply.status(201);
      return presentResumeComment(comment, actor, teacherId);
    },
  );
}
