import { classNames } from './class-names.ts';
import styles from './StatusChip.module.css';

/**
 * A label in a pill, as MUI's Chip draws it (filled in a palette colour, or outlined), with static
 * CSS: not clickable, not deletable, only words (StatusChip.module.css says why).
 */
export function StatusChip({
  label,
  color = 'default',
  variant = 'filled',
}: {
  label: string;
  color?: 'default' | 'primary' | 'success' | 'warning';
  variant?: 'filled' | 'outlined';
}) {
  const className = classNames(
    styles.chip,
    variant === 'outlined' && styles.outlined,
    color !== 'default' && styles[color],
  );
  return <span className={className}>{label}</span>;
}
