import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkAwardBody,
  bulkAwardSchema,
  bulkRemindBody,
  gradebookExportQuery,
  gradebookQuery,
  gradebookSchema,
  gradebookStudentParams,
} from '@bullpen/contract/classroom-gradebook';
import { reminderResultSchema } from '@bullpen/contract/classroom-lessons';
import { classroomParams } from '@bullpen/contract/classrooms';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { toCsv } from '../../platform/csv.ts';
import { awardClassroomPointsToMany } from '../awards/service.ts';
import { requireTeacher } from '../core/access.ts';
import { gradebookXlsx } from './gradebook-xlsx.ts';
import {
  GRADEBOOK_EXPORT_HEADER,
  gradebookExportRows,
  gradebookFileName,
  presentGradebook,
  reportFileName,
} from './presenter.ts';
import { studentReportPdf } from './report-pdf.ts';
import { classroomGradebook, remindStudents, requireStudents, studentReport } from './service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The gradebook of a class: only its teacher (core/access.ts `requireTeacher`: 404 for
 * non-members, 403 for its students) reads it, exports it, prints a student's report and
 * acts on several students at once.
 */
export async function classroomGradebookRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.deps;
  const tags = ['classrooms'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.classroomGradebook.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        querystring: gradebookQuery,
        response: { 200: gradebookSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      return presentGradebook(await classroomGradebook(db, access, request.query, options.now()));
    },
  );

  route.get(
    api.classroomGradebookExport.pattern,
    { schema: { tags, params: classroomParams, querystring: gradebookExportQuery } },
    async (request, reply) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const now = options.now();
      const { format, ...filters } = request.query;
      const rows = gradebookExportRows(await classroomGradebook(db, access, filters, now));
      const fileName = gradebookFileName(access.classroom.name, now, format);
      reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store');
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .send(toCsv([[...GRADEBOOK_EXPORT_HEADER], ...rows]));
      }
      return reply
        .header('content-type', XLSX_TYPE)
        .send(await gradebookXlsx(access.classroom.name, GRADEBOOK_EXPORT_HEADER, rows));
    },
  );

  route.get(
    api.classroomGradebookReport.pattern,
    { schema: { tags, params: gradebookStudentParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const now = options.now();
      const report = await studentReport(db, access, request.params.userId, now);
      const pdf = await studentReportPdf(report, actor.language, now);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${reportFileName(report.student, now)}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  route.post(
    api.classroomGradebookAwards.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: bulkAwardBody,
        response: { 201: bulkAwardSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const students = await requireStudents(db, access.classroom.id, request.body.students);
      const awarded = await awardClassroomPointsToMany(
        db,
        actor,
        access,
        { ...request.body, students },
        options.now(),
      );
      app.points.announce(awarded.written);
      for (const entry of awarded.entries) {
        await events.emit('pointsAwarded', {
          userId: entry.userId,
          points: entry.points,
          note: entry.note,
        });
      }
      reply.status(201);
      return {
        students: awarded.entries.map((entry) => entry.userId),
        points: request.body.points,
        left_today: awarded.leftToday,
      };
    },
  );

  route.post(
    api.classroomGradebookReminders.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: bulkRemindBody,
        response: { 200: reminderResultSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await requireTeacher(db, request.params.id, actor);
      const reminder = await remindStudents(db, access, request.body, options.now());
      const { mailed, inApp } = await events.emit('lessonReminded', reminder);
      return { mailed, in_app: inApp };
    },
  );
}
