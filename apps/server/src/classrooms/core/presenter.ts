import type { Classroom, ClassroomStudent } from '@bullpen/contract/classrooms';
import { presentPerson } from '../../users/presenter.ts';
import type { ClassroomStudentView, ClassroomView } from './service.ts';

export function presentClassroom(view: ClassroomView): Classroom {
  const { classroom } = view;
  return {
    id: classroom.id,
    name: classroom.name,
    grade: classroom.grade,
    subject: classroom.subject,
    school: classroom.school,
    description: classroom.description,
    teacher: presentPerson(view.teacher),
    role: view.role,
    join_code: classroom.joinCode,
    students_count: classroom.studentsCount,
    frozen: classroom.frozenAt !== null,
    trading_enabled: classroom.tradingEnabled,
    next_due_lesson: view.nextDue && {
      id: view.nextDue.lessonId,
      title: view.nextDue.title,
      due_at: view.nextDue.dueAt.toISOString(),
    },
    created_at: classroom.createdAt.toISOString(),
  };
}

export function presentStudent(view: ClassroomStudentView, teacherId: number): ClassroomStudent {
  return {
    ...presentPerson(view.user),
    has_email: view.user.email !== null,
    created_by_me: view.user.createdByTeacherId === teacherId,
    joined_at: view.member.joinedAt.toISOString(),
  };
}
