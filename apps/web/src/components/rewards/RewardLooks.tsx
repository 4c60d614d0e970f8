import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import SavingsIcon from '@mui/icons-material/Savings';
import SchoolIcon from '@mui/icons-material/School';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { SvgIconComponent } from '@mui/icons-material';
import { FrameRing } from './FrameRing.tsx';

/**
 * How each profile badge is drawn, by its catalogue slug (contract PLATFORM_REWARDS): an
 * emblem beside the name. A slug this build does not know still draws (a neutral emblem), so
 * a newer server breaks nothing. Frames are in FrameRing.tsx (the header needs only those up
 * front; the emblems' icons load when a badge is shown).
 */
const BADGE_EMBLEMS: Record<string, { icon: SvgIconComponent; colour: string }> = {
  'badge-saver': { icon: SavingsIcon, colour: '#1a6b43' },
  'badge-investor': { icon: TrendingUpIcon, colour: '#1457b8' },
  'badge-budget-boss': { icon: AccountBalanceWalletIcon, colour: '#8a5300' },
  'badge-scholar': { icon: SchoolIcon, colour: '#6b2fa0' },
};
const NEUTRAL_EMBLEM = { icon: WorkspacePremiumIcon, colour: '#46525f' };

/** A platform reward's name in the reader's language (the server's English name otherwise). */
export function usePlatformRewardName() {
  const { t } = useTranslation('redeem');
  return (slug: string, fallback = slug) =>
    t(`platform.${slug}.name` as 'platform.frame-gold.name', { defaultValue: fallback });
}

/** An initial in a circle, framed: the catalogue's preview and the leaderboard's small avatar. */
export function FramedInitial({
  slug,
  initial,
  size = 40,
  src,
}: {
  slug: string | null | undefined;
  initial: string;
  size?: number;
  src?: string | null;
}) {
  return (
    <FrameRing slug={slug} size={size}>
      <Avatar
        src={src ?? undefined}
        alt=""
        aria-hidden="true"
        sx={{
          width: size,
          height: size,
          fontSize: size * 0.45,
          bgcolor: '#e8eef7',
          color: '#0b2545',
          border: '2px solid #ffffff',
        }}
      >
        {initial.toUpperCase()}
      </Avatar>
    </FrameRing>
  );
}

/**
 * A profile badge's emblem. With `label` it is an image named for screen readers; without,
 * decoration beside text that names it.
 */
export function BadgeEmblem({
  slug,
  size = 24,
  label,
}: {
  slug: string;
  size?: number;
  label?: string;
}) {
  const { icon: Icon, colour } = BADGE_EMBLEMS[slug] ?? NEUTRAL_EMBLEM;
  return (
    <Box
      component="span"
      data-badge={slug}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
      title={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: colour,
        color: '#ffffff',
        boxShadow: '0 0 0 2px #ffffff, 0 0 0 3px rgba(11, 37, 69, 0.35)',
        verticalAlign: 'middle',
      }}
    >
      <Icon aria-hidden="true" sx={{ fontSize: size * 0.66 }} />
    </Box>
  );
}

/** A user's badge beside their name, named for screen readers ("Super Saver badge"). */
export function EquippedBadge({
  slug,
  size = 20,
}: {
  slug: string | null | undefined;
  size?: number;
}) {
  const name = usePlatformRewardName();
  if (!slug) return null;
  return <BadgeEmblem slug={slug} size={size} label={name(slug)} />;
}
