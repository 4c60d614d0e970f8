import type { FastifyBaseLogger } from 'fastify';

/**
 * What happened in a domain that a domain later in the map wants to hear about (the
 * notifications domain tells the people concerned). Each event carries ids and the names the
 * people it concerns already see in the app, never a password, an address or free text a
 * student did not write for them.
 */
export type DomainEvents = {
  /** A teacher opened lessons in a class, or gave one a due date; its students hear it. */
  lessonAssigned: LessonEvent;
  /** The class's teacher reminded the students who have not finished a lesson. */
  lessonReminded: LessonEvent;
  /** A teacher awarded a student points, with the reason the student reads in their history. */
  pointsAwarded: { userId: number; points: number; note: string | null };
  /** The teacher approved or declined a student's reward request. */
  rewardDecided: { userId: number; reward: string; approved: boolean };
  /** Someone commented on a résumé in a class: its author, or the teacher when the author answers. */
  resumeCommented: { userIds: number[]; classroomId: number; classroom: string; by: string };
  /** A teacher granted course certificates in a class. */
  certificateGranted: { userIds: number[]; classroom: string; course: string };
  /** A student reported a post on a class's board: its teacher hears it, once per post. */
  postReported: { userId: number; classroomId: number; classroom: string; postId: number };
  /** Staff (or the school's domain rule) trusted a teacher: they may award points now. */
  teacherTrusted: { userId: number };
};

export type LessonEvent = {
  userIds: number[];
  classroomId: number;
  classroom: string;
  lessonId: number;
  lesson: string;
  course: string;
  dueAt: Date | null;
};

export type DomainEventName = keyof DomainEvents;

/** Whom a listener reached: in the app, and of those by mail too. */
export type Delivered = { inApp: number; mailed: number };

type Handler<Name extends DomainEventName> = (
  event: DomainEvents[Name],
) => Promise<Delivered | void>;

/**
 * The domain events of one server process. A domain announces an event after its change has
 * committed; each listener runs then, in registration order, and its failure is logged, not
 * thrown: the change the user asked for is done whatever a listener does with it. `emit`
 * resolves when every listener has finished, so a request answers after its notifications
 * are written (a test reads them straight after), with whom the listeners reached.
 */
export class DomainEventBus {
  private readonly handlers = new Map<DomainEventName, Handler<DomainEventName>[]>();
  private log: FastifyBaseLogger | null = null;

  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  on<Name extends DomainEventName>(name: Name, handler: Handler<Name>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<DomainEventName>);
    this.handlers.set(name, list);
  }

  async emit<Name extends DomainEventName>(
    name: Name,
    event: DomainEvents[Name],
  ): Promise<Delivered> {
    const delivered: Delivered = { inApp: 0, mailed: 0 };
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        const reached = await handler(event);
        delivered.inApp += reached?.inApp ?? 0;
        delivered.mailed += reached?.mailed ?? 0;
      } catch (error) {
        this.log?.error({ err: error, event: name }, 'a domain event listener failed');
      }
    }
    return delivered;
  }
}
