import type { ReactNode } from 'react';
import styles from './FrameRing.module.css';

/**
 * How each avatar frame is drawn, by its catalogue slug (contract PLATFORM_REWARDS): a
 * coloured ring around the avatar. A slug this build does not know still draws (a neutral
 * ring), so a newer server breaks nothing.
 */
const FRAME_RINGS: Record<string, readonly [string, string]> = {
  'frame-gold': ['#ffe08a', '#b8860b'],
  'frame-emerald': ['#5fe3b0', '#047857'],
  'frame-sky': ['#9bdcff', '#0369a1'],
};
const NEUTRAL_RING = ['#c9d3df', '#46525f'] as const;

function ringBackground(slug: string): string {
  const [light, dark] = FRAME_RINGS[slug] ?? NEUTRAL_RING;
  return `conic-gradient(from 30deg, ${light}, ${dark}, ${light}, ${dark}, ${light})`;
}

/**
 * Draws `children` (an avatar of `size` px) inside the frame `slug`, or as it is without one.
 * The ring is decoration: its name is said by whoever shows it (a label or the catalogue).
 */
export function FrameRing({
  slug,
  size,
  children,
}: {
  slug: string | null | undefined;
  size: number;
  children: ReactNode;
}) {
  if (!slug) return <>{children}</>;
  const ring = Math.max(2, Math.round(size / 10));
  return (
    <span
      data-frame={slug}
      className={styles.ring}
      style={{ padding: `${ring}px`, background: ringBackground(slug) }}
    >
      {children}
    </span>
  );
}
