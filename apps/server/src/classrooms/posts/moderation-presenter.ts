import type { ClassroomMute, ClassroomReportedPost } from '@bullpen/contract/classroom-posts';
import { displayName } from '../../users/presenter.ts';
import type { ReportedPost, StudentMute } from './moderation-service.ts';
import { presentClassroomPost } from './presenter.ts';

export function presentReportedPost(reported: ReportedPost): ClassroomReportedPost {
  return {
    post: presentClassroomPost(reported),
    reports: reported.reports,
    reasons: reported.reasons,
    lastReportedAt: reported.lastReportedAt.toISOString(),
  };
}

export function presentMute(mute: StudentMute): ClassroomMute {
  return {
    userId: mute.userId,
    name: mute.author ? displayName(mute.author) : '',
    mutedUntil: mute.mutedUntil.toISOString(),
  };
}
