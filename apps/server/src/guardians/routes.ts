import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionSchema } from '@bullpen/contract/auth';
import {
  childSummarySchema,
  classroomStudentGuardianParams,
  guardianChildParams,
  guardianChildSchema,
  guardianChildrenSchema,
  guardianDeletionSchema,
  guardianInvitationBody,
  guardianInvitationSchema,
  guardianMessages,
  guardianSharingBody,
  guardianSharingSchema,
  guardianSignupBody,
  invitationPreviewSchema,
  invitationTokenBody,
  myGuardianParams,
  studentGuardiansSchema,
} from '@bullpen/contract/guardians';
import { classroomUserParams } from '@bullpen/contract/classrooms';
import { exportJobSchema } from '@bullpen/contract/privacy';
import { childChannel } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../auth/authenticate.ts';
import { startSession } from '../auth/service.ts';
import { forbidden } from '../platform/errors.ts';
import { authRateLimit } from '../platform/rate-limit.ts';
import { presentExportJob } from '../privacy/presenter.ts';
import { isStudentAccount } from './policies.ts';
import {
  presentChild,
  presentDeletion,
  presentInvitation,
  presentPreview,
  presentSharing,
  presentStudentGuardians,
  presentSummary,
} from './presenter.ts';
import {
  acceptInvitation,
  childSummary,
  followedChild,
  followedChildren,
  guardiansOf,
  inviteOwnGuardian,
  inviteStudentGuardian,
  previewInvitation,
  requestChildDeletion,
  revokeOwnGuardian,
  revokeStudentGuardian,
  setSharing,
  sharingOf,
  signUpGuardian,
  stopFollowing,
  studentGuardians,
} from './service.ts';

/**
 * The parent view: invitations (a student's own, or their teacher's), taking one (a new parent
 * account, or a signed-in one), the guardian's children and their read-only summary, and the
 * student's and teacher's view of who follows the student. Ending a link asks the sockets on
 * the child's channel again at once (realtime/hub.ts recheckChannel).
 */
export async function guardiansRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { now } = options;
  const tags = ['guardians'];
  const anonymous = { rateLimit: authRateLimit(app), ignoreAuthorization: true };
  const linkEnded = (childId: number) => app.realtime.recheckChannel(childChannel(childId));

  // Invitations
  route.post(
    api.guardianInvitations.pattern,
    {
      schema: { tags, body: guardianInvitationBody, response: { 201: guardianInvitationSchema } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const invitation = await inviteOwnGuardian(app.deps, actor, request.body.email, now());
      return reply.status(201).send(presentInvitation(invitation));
    },
  );

  route.post(
    api.guardianInvitationPreview.pattern,
    {
      schema: { tags, body: invitationTokenBody, response: { 200: invitationPreviewSchema } },
      config: anonymous,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return presentPreview(await previewInvitation(db, request.body.token, now()));
    },
  );

  route.post(
    api.guardianSignup.pattern,
    {
      schema: { tags, body: guardianSignupBody, response: { 201: sessionSchema } },
      config: anonymous,
    },
    async (request, reply) => {
      const user = await signUpGuardian(app.deps, request.body, now(), request.ip);
      const session = await startSession(app.deps, user, {
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(session);
    },
  );

  route.post(
    api.guardianAccept.pattern,
    { schema: { tags, body: invitationTokenBody, response: { 201: guardianChildSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const followed = await acceptInvitation(app.deps, actor, request.body.token, now());
      return reply.status(201).send(presentChild(followed));
    },
  );

  // The guardian's children
  route.get(
    api.guardianChildren.pattern,
    { schema: { tags, response: { 200: guardianChildrenSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return { results: (await followedChildren(db, actor)).map(presentChild) };
    },
  );

  route.get(
    api.guardianChild.pattern,
    { schema: { tags, params: guardianChildParams, response: { 200: childSummarySchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return presentSummary(await childSummary(db, actor, request.params.id, now()));
    },
  );

  route.delete(
    api.guardianChild.pattern,
    { schema: { tags, params: guardianChildParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await stopFollowing(db, actor, request.params.id);
      linkEnded(request.params.id);
      return reply.status(204).send();
    },
  );

  route.post(
    api.guardianChildExport.pattern,
    { schema: { tags, params: guardianChildParams, response: { 202: exportJobSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { child } = await followedChild(db, actor, request.params.id);
      reply.status(202);
      return presentExportJob(await app.privacy.requestExport(actor.id, child.id));
    },
  );

  route.post(
    api.guardianChildDeletion.pattern,
    { schema: { tags, params: guardianChildParams, response: { 202: guardianDeletionSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      reply.status(202);
      return presentDeletion(await requestChildDeletion(app.deps, actor, request.params.id, now()));
    },
  );

  // The student's own guardians and sharing choice
  route.get(
    api.myGuardians.pattern,
    { schema: { tags, response: { 200: studentGuardiansSchema } } },
    async (request) =>
      presentStudentGuardians(await guardiansOf(db, requireUser(request).id, now())),
  );

  route.delete(
    api.myGuardian.pattern,
    { schema: { tags, params: myGuardianParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await revokeOwnGuardian(db, actor, request.params.id);
      linkEnded(actor.id);
      return reply.status(204).send();
    },
  );

  route.get(
    api.guardianSharing.pattern,
    { schema: { tags, response: { 200: guardianSharingSchema } } },
    async (request) => presentSharing(await sharingOf(db, requireUser(request))),
  );

  route.put(
    api.guardianSharing.pattern,
    { schema: { tags, body: guardianSharingBody, response: { 200: guardianSharingSchema } } },
    async (request) => {
      const actor = requireUser(request);
      if (!isStudentAccount(actor)) throw forbidden(guardianMessages.studentsOnly);
      const share = request.body.share_resume_comments;
      return presentSharing(await setSharing(db, actor, share, now()));
    },
  );

  // The teacher's view of a student of their class
  route.get(
    api.classroomStudentGuardians.pattern,
    { schema: { tags, params: classroomUserParams, response: { 200: studentGuardiansSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { id, userId } = request.params;
      return presentStudentGuardians(await studentGuardians(db, actor, id, userId, now()));
    },
  );

  route.post(
    api.classroomStudentGuardians.pattern,
    {
      schema: {
        tags,
        params: classroomUserParams,
        body: guardianInvitationBody,
        response: { 201: guardianInvitationSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { id, userId } = request.params;
      const email = request.body.email;
      const invitation = await inviteStudentGuardian(app.deps, actor, id, userId, email, now());
      return reply.status(201).send(presentInvitation(invitation));
    },
  );

  route.delete(
    api.classroomStudentGuardian.pattern,
    { schema: { tags, params: classroomStudentGuardianParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { id, userId, guardianId } = request.params;
      await revokeStudentGuardian(db, actor, id, userId, guardianId);
      linkEnded(userId);
      return reply.status(204).send();
    },
  );
}
