import type { CSSProperties } from 'react';
import styles from './TextSkeleton.module.css';

/**
 * A line of text still loading, as MUI's `Skeleton` (text variant, pulse) draws it, without a
 * styled component (decision 020): the contest page shows a dozen while its figures and
 * leaderboard load (issue #13). Hidden from assistive technology; say what is loading nearby.
 */
export function TextSkeleton({ width, alignEnd = false }: { width: string; alignEnd?: boolean }) {
  const style: CSSProperties = {
    width,
    maxWidth: '100%',
    marginLeft: alignEnd ? 'auto' : undefined,
  };
  return (
    <span
      aria-hidden="true"
      className={`MuiSkeleton-root MuiSkeleton-text MuiSkeleton-pulse ${styles.skeleton}`}
      style={style}
    />
  );
}
