import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import StarsIcon from '@mui/icons-material/Stars';
import type { Reward } from '@bullpen/contract/rewards';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useMyEquipped } from '@/lib/equipped-rewards.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useEquip, useRedeemReward, useRewards } from '../api/rewards-api.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { MyRequests } from '../components/MyRequests.tsx';
import { useRewardsUpdates } from '../hooks/use-rewards-updates.ts';
import { RewardCard, useRewardText } from '../components/RewardCard.tsx';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

function Balance({ balance }: { balance: number | undefined }) {
  const { t } = useTranslation('redeem');
  const format = useFormatters();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        mb: 3,
        borderRadius: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        bgcolor: '#fff8e1',
        borderColor: '#e9c46a',
      }}
    >
      <StarsIcon aria-hidden="true" sx={{ color: '#8a5300', fontSize: 36 }} />
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('balance.label')}
        </Typography>
        {balance === undefined ? (
          <Skeleton sx={{ width: '8ch', fontSize: '1.6rem' }} />
        ) : (
          <Typography data-testid="redeem-balance" sx={{ fontSize: '1.6rem', fontWeight: 800 }}>
            {t('balance.points', { count: balance, points: format.number(balance) })}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function Group({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h3" sx={{ mb: lead ? 0.5 : 1.5, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {lead && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {lead}
        </Typography>
      )}
      <Box component="ul" sx={gridSx}>
        {children}
      </Box>
    </Box>
  );
}

function byClassroom(rewards: Reward[]): { id: number; name: string; rewards: Reward[] }[] {
  const groups = new Map<number, { id: number; name: string; rewards: Reward[] }>();
  for (const reward of rewards) {
    if (!reward.classroom) continue;
    const group = groups.get(reward.classroom.id) ?? { ...reward.classroom, rewards: [] };
    group.rewards.push(reward);
    groups.set(group.id, group);
  }
  return [...groups.values()];
}

/**
 * /redeem: my balance, the catalogue (avatar frames and profile badges to buy and use, my
 * classes' rewards to request), my requests, and my points history. The route gives it the
 * balance, what to call when the balance moved, and the history.
 */
export function RedeemPage({
  userId,
  username,
  balance,
  onPointsChanged,
  history,
}: {
  userId: number;
  username: string;
  balance: number | undefined;
  onPointsChanged: () => void;
  history: ReactNode;
}) {
  const { t } = useTranslation('redeem');
  useDocumentTitle(t('title'));
  const notify = useNotify();
  const format = useFormatters();
  const rewardText = useRewardText();
  const rewards = useRewards();
  const equipped = useMyEquipped(userId);
  const redeem = useRedeemReward(onPointsChanged);
  const equip = useEquip(userId);
  useRewardsUpdates(userId);
  const [confirming, setConfirming] = useState<Reward | null>(null);
  // The dialog keeps its words while it fades out after `confirming` is cleared.
  const [shown, setShown] = useState<Reward | null>(null);
  if (confirming !== null && confirming !== shown) setShown(confirming);
  const [redeemError, setRedeemError] = useState<string | null>(null);

  const all = rewards.data ?? [];
  const frames = all.filter((reward) => reward.kind === 'frame');
  const badges = all.filter((reward) => reward.kind === 'badge');
  const classes = byClassroom(all.filter((reward) => reward.kind === 'classroom'));
  const initial = username.charAt(0) || '?';

  const isEquipped = (reward: Reward) =>
    reward.slug !== null &&
    (reward.kind === 'frame' ? equipped.data?.frame : equipped.data?.badge) === reward.slug;

  const openConfirm = (reward: Reward) => {
    setRedeemError(null);
    setConfirming(reward);
  };

  const onConfirm = async () => {
    if (!confirming) return;
    const reward = confirming;
    const { name } = rewardText(reward);
    try {
      await redeem.mutateAsync(reward.id);
      setConfirming(null);
      notify(
        t(reward.kind === 'classroom' ? 'confirm.requested' : 'confirm.redeemed', { name }),
        'success',
      );
    } catch (error) {
      setRedeemError(errorText(error));
    }
  };

  const onEquip = async (reward: Reward, on: boolean) => {
    const { name } = rewardText(reward);
    const slot = reward.kind === 'frame' ? 'frame' : 'badge';
    try {
      await equip.mutateAsync({ [slot]: on ? reward.id : null });
      notify(t(on ? 'catalogue.nowUsing' : 'catalogue.stoppedUsing', { name }), 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  const card = (reward: Reward) => (
    <RewardCard
      key={reward.id}
      reward={reward}
      balance={balance}
      initial={initial}
      equipped={isEquipped(reward)}
      busy={redeem.isPending || equip.isPending}
      onRedeem={() => openConfirm(reward)}
      onEquip={(on) => void onEquip(reward, on)}
    />
  );

  const shownText = shown ? rewardText(shown) : null;
  const shownCost = shown
    ? t('catalogue.cost', { count: shown.cost, points: format.number(shown.cost) })
    : '';
  const left = shown && balance !== undefined ? Math.max(0, balance - shown.cost) : 0;

  return (
    <PageContainer maxWidth={1280}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: '70ch' }}>{t('lead')}</Typography>
      <Balance balance={balance} />

      <Box component="section" aria-labelledby="catalogue-heading" sx={{ mb: 2 }}>
        <Typography id="catalogue-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
          {t('catalogue.heading')}
        </Typography>
        {rewards.isPending ? (
          <Typography role="status">{t('catalogue.loading')}</Typography>
        ) : rewards.isError ? (
          <Alert severity="error">{errorText(rewards.error)}</Alert>
        ) : (
          <>
            {frames.length > 0 && (
              <Group
                id="frames-heading"
                title={t('catalogue.frames')}
                lead={t('catalogue.framesLead')}
              >
                {frames.map(card)}
              </Group>
            )}
            {badges.length > 0 && (
              <Group
                id="badges-heading"
                title={t('catalogue.badges')}
                lead={t('catalogue.badgesLead')}
              >
                {badges.map(card)}
              </Group>
            )}
            {classes.map((group) => (
              <Group
                key={group.id}
                id={`class-rewards-${group.id}`}
                title={t('catalogue.classRewards', { name: group.name })}
                lead={t('catalogue.classRewardsLead')}
              >
                {group.rewards.map(card)}
              </Group>
            ))}
            {classes.length === 0 && (
              <Typography sx={{ color: 'text.secondary', mb: 3 }}>
                {t('catalogue.noClassRewards')}
              </Typography>
            )}
          </>
        )}
      </Box>

      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <MyRequests onPointsChanged={onPointsChanged} />
        {history}
      </Box>

      <ConfirmDialog
        open={confirming !== null}
        title={
          shownText
            ? t(shown?.kind === 'classroom' ? 'confirm.requestTitle' : 'confirm.redeemTitle', {
                name: shownText.name,
              })
            : ''
        }
        text={
          shown
            ? t(shown.kind === 'classroom' ? 'confirm.requestText' : 'confirm.redeemText', {
                cost: shownCost,
                left: format.number(left),
              })
            : ''
        }
        confirmLabel={t(shown?.kind === 'classroom' ? 'catalogue.request' : 'catalogue.redeem')}
        busy={redeem.isPending}
        error={redeemError}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(null)}
      />
    </PageContainer>
  );
}
