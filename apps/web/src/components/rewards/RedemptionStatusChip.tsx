import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import type { RedemptionStatus } from '@bullpen/contract/rewards';

const LOOKS = {
  done: { icon: CheckCircleIcon, color: 'success' },
  approved: { icon: CheckCircleIcon, color: 'success' },
  pending: { icon: HourglassTopIcon, color: 'warning' },
  declined: { icon: BlockIcon, color: 'error' },
  cancelled: { icon: CancelIcon, color: 'default' },
} as const;

/** A request's state in words and an icon (never by colour alone). */
export function RedemptionStatusChip({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation('redeem');
  const { icon: Icon, color } = LOOKS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<Icon />}
      label={t(`status.${status}`)}
      data-status={status}
    />
  );
}
