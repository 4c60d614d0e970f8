import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import StarsIcon from '@mui/icons-material/Stars';
import type { Reward } from '@bullpen/contract/rewards';
import { BadgeEmblem, FramedInitial } from '@/components/rewards/RewardLooks.tsx';
import { useFormatters } from '@/lib/format.ts';

/** The reward's name and description in the reader's language (platform ones by slug). */
export function useRewardText() {
  const { t } = useTranslation('redeem');
  return (reward: Pick<Reward, 'slug' | 'name'> & { description?: string }) =>
    reward.slug
      ? {
          name: t(`platform.${reward.slug}.name` as 'platform.frame-gold.name', {
            defaultValue: reward.name,
          }),
          description: t(`platform.${reward.slug}.description` as 'platform.frame-gold.name', {
            defaultValue: reward.description ?? '',
          }),
        }
      : { name: reward.name, description: reward.description ?? '' };
}

function Preview({ reward, initial }: { reward: Reward; initial: string }) {
  if (reward.kind === 'frame')
    return <FramedInitial slug={reward.slug} initial={initial} size={48} />;
  if (reward.kind === 'badge' && reward.slug) return <BadgeEmblem slug={reward.slug} size={52} />;
  return (
    <Box
      aria-hidden="true"
      sx={{
        display: 'inline-flex',
        p: 1.25,
        borderRadius: '50%',
        bgcolor: '#e8eef7',
        color: '#0b2545',
      }}
    >
      <StarsIcon />
    </Box>
  );
}

/**
 * One reward of the catalogue: its look, name, description and cost, and what I can do with
 * it: redeem (or request, for a class's reward), or, once owned, use it or stop using it.
 * A button I cannot use yet says why beside it ("You need 40 more points for this.").
 */
export function RewardCard({
  reward,
  balance,
  initial,
  equipped,
  busy,
  onRedeem,
  onEquip,
}: {
  reward: Reward;
  balance: number | undefined;
  initial: string;
  equipped: boolean;
  busy: boolean;
  onRedeem: () => void;
  onEquip: (on: boolean) => void;
}) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  const text = useRewardText()(reward);
  const reasonId = useId();
  const headingId = useId();
  const missing = balance === undefined ? 0 : Math.max(0, reward.cost - balance);
  const isClassroom = reward.kind === 'classroom';
  const cost = t('catalogue.cost', { count: reward.cost, points: format.number(reward.cost) });

  let actions: ReactNode;
  if (reward.owned) {
    actions = (
      <>
        <Chip
          icon={<CheckCircleIcon />}
          label={equipped ? t('catalogue.inUse') : t('catalogue.owned')}
          color="success"
          variant="outlined"
        />
        <Button
          variant={equipped ? 'outlined' : 'contained'}
          disabled={busy}
          aria-label={t(equipped ? 'catalogue.stopUsingLabel' : 'catalogue.useLabel', {
            name: text.name,
          })}
          onClick={() => onEquip(!equipped)}
        >
          {t(equipped ? 'catalogue.stopUsing' : 'catalogue.use')}
        </Button>
      </>
    );
  } else {
    actions = (
      <>
        {isClassroom && reward.pending > 0 && (
          <Chip
            icon={<HourglassTopIcon />}
            label={t('catalogue.pending', { count: reward.pending })}
            variant="outlined"
          />
        )}
        <Button
          variant="contained"
          disabled={busy || missing > 0 || balance === undefined}
          aria-label={t(isClassroom ? 'catalogue.requestLabel' : 'catalogue.redeemLabel', {
            name: text.name,
            cost,
          })}
          aria-describedby={missing > 0 ? reasonId : undefined}
          onClick={onRedeem}
        >
          {t(isClassroom ? 'catalogue.request' : 'catalogue.redeem')}
        </Button>
      </>
    );
  }

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`reward-${reward.slug ?? reward.id}`}
      sx={{
        p: 2,
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        minWidth: 0,
        borderColor: equipped ? 'success.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        <Preview reward={reward} initial={initial} />
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography id={headingId} variant="h3" component="h4" sx={{ fontSize: '1.1rem' }}>
            {text.name}
          </Typography>
          <Typography sx={{ fontWeight: 700, color: '#6b4a00' }}>{cost}</Typography>
        </Box>
      </Box>
      {text.description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {text.description}
        </Typography>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          mt: 'auto',
        }}
      >
        {actions}
      </Box>
      {!reward.owned && missing > 0 && (
        <Typography id={reasonId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('catalogue.needMore', { count: missing, points: format.number(missing) })}
        </Typography>
      )}
    </Paper>
  );
}
