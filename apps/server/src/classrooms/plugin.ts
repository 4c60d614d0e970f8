import type { FastifyInstance } from 'fastify';
import { authMessages } from '@bullpen/contract/messages';
import type { DomainOptions } from '../platform/domain.ts';
import { classroomAwardRoutes } from './awards/routes.ts';
import { deleteCertificatesOf } from './certificates/queries.ts';
import { certificateRoutes } from './certificates/routes.ts';
import { classroomContestRoutes } from './contests/routes.ts';
import {
  classroomAdmits,
  classroomTeacherEditsRules,
  classroomTradingGate,
  closeJoinsWithClass,
  enrolJoiningStudent,
  leaveWithStudent,
} from './contests/service.ts';
import type { ClassroomDeletingHook, ClassroomMembershipHooks } from './core/hooks.ts';
import { leaveAllClassrooms, teachesAnyClassroom } from './core/queries.ts';
import { classroomRoutes } from './core/routes.ts';
import { tellTeachersOfUnusedAccount } from './core/teachers-service.ts';
import { classroomGradebookRoutes } from './gradebook/routes.ts';
import { classroomLessonRoutes } from './lessons/routes.ts';
import { forgetModerationOf } from './posts/moderation-queries.ts';
import { classroomModerationRoutes } from './posts/moderation-routes.ts';
import { forgetPostsOf } from './posts/queries.ts';
import { classroomPostsRoutes } from './posts/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    classrooms: {
      /** Domains add what they do when a student joins or leaves a class (see core/hooks.ts). */
      membership: ClassroomMembershipHooks;
      /** Domains add what they do when a class is deleted (see core/hooks.ts). */
      deleting: ClassroomDeletingHook[];
    };
  }
}

/**
 * Classrooms: a teacher's classes, their students and everything shared in a class, one
 * sub-folder per part (core: classes, members, join codes, access; lessons; gradebook; posts: the board
 * and its moderation; certificates; awards; contests), each registered here.
 */
export async function classroomsPlugin(
  app: FastifyInstance,
  options: DomainOptions,
): Promise<void> {
  app.deps.erasure.erase('classrooms', async (tx, account) => {
    await forgetPostsOf(tx, account.id);
    await forgetModerationOf(tx, account.id);
    await deleteCertificatesOf(tx, account.id);
    await leaveAllClassrooms(tx, account.id);
  });
  // A class would be left without its teacher: the teacher deletes the classes first.
  app.deps.erasure.refuseWhen('classrooms', async (db, account) =>
    account.isTeacher && (await teachesAnyClassroom(db, account.id))
      ? authMessages.deletionOwnsClassrooms
      : null,
  );
  // A student a teacher made by name cannot be mailed: the teachers hear of a coming erasure.
  app.deps.erasure.tellWhenUnused('classrooms', (account, deletesOn) =>
    tellTeachersOfUnusedAccount(app.deps, account, deletesOn),
  );
  app.decorate('classrooms', { membership: { joined: [], leaving: [] }, deleting: [] });
  await app.register(classroomRoutes, { now: options.now ?? (() => new Date()) });
  // Class contests: a joining student is enrolled, a leaving one leaves, nobody else gets in;
  // the class's switch gates their trading.
  app.classrooms.membership.joined.push(enrolJoiningStudent(app.contests.membership));
  app.classrooms.membership.leaving.push(leaveWithStudent(app.contests.membership));
  app.contests.membership.admits.push(classroomAdmits);
  app.classrooms.deleting.push(closeJoinsWithClass);
  app.contests.tradingGates.push(classroomTradingGate);
  app.contests.ruleEditors.push(classroomTeacherEditsRules);
  await app.register(classroomContestRoutes);
  await app.register(classroomLessonRoutes, { now: options.now ?? (() => new Date()) });
  await app.register(classroomPostsRoutes, { now: options.now ?? (() => new Date()) });
  await app.register(classroomModerationRoutes, { now: options.now ?? (() => new Date()) });
  await app.register(certificateRoutes, { now: options.now ?? (() => new Date()) });
  await app.register(classroomAwardRoutes, { now: options.now ?? (() => new Date()) });
  await app.register(classroomGradebookRoutes, { now: options.now ?? (() => new Date()) });
}
