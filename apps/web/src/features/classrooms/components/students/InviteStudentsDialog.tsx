import { useTranslation } from 'react-i18next';
import { InviteByEmailDialog } from '@/components/InviteByEmailDialog.tsx';
import { useInviteToClassroom } from '../../api/classrooms-api.ts';

/** The teacher invites students to the class by email. */
export function InviteStudentsDialog({
  classroomId,
  classroomName,
  open,
  onClose,
}: {
  classroomId: number;
  classroomName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('classrooms');
  const invite = useInviteToClassroom(classroomId);
  return (
    <InviteByEmailDialog
      title={t('invite.title', { name: classroomName })}
      intro={t('invite.intro')}
      open={open}
      onClose={() => {
        invite.reset();
        onClose();
      }}
      send={(emails) => invite.mutateAsync(emails)}
      pending={invite.isPending}
    />
  );
}
