import { classNames } from './class-names.ts';
import styles from './StatusChip.module.css';

/**
 * A label in a pill, as MUI's Chip draws it (filled in a palette colour, or outlined; medium or small), with static
 * CSS: not clickable, not deletable, only words (StatusChip.module.css says why).
 */
export function StatusChip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'medium',
}: {
  label: string;
  color?: 'default' | 'primary' | 'success' | 'warning';
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
}) {
  const className = classNames(
    styles.chip,
    variant === 'outlined' && styles.outlined,
    size === 'small' && styles.small,
    color !== 'default' && styles[color],
  );
  return <span className={className}>{label}</span>;
}
