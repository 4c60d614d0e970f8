import { useTranslation } from 'react-i18next';
import { InviteByEmailDialog } from '@/components/InviteByEmailDialog.tsx';
import { useInviteMutation } from '../api/invitations-api.ts';

/** The owner invites people by email to a contest. */
export function InviteDialog({
  contestId,
  contestName,
  open,
  onClose,
}: {
  contestId: number;
  contestName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('contests');
  const invite = useInviteMutation();
  return (
    <InviteByEmailDialog
      title={t('invite.title', { contest: contestName })}
      intro={t('invite.intro')}
      open={open}
      onClose={() => {
        invite.reset();
        onClose();
      }}
      send={(emails) => invite.mutateAsync({ contestId, emails })}
      pending={invite.isPending}
    />
  );
}
