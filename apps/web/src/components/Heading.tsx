import type { ReactNode } from 'react';
import styles from './Heading.module.css';

/**
 * A page's or a section's heading as MUI's `Typography variant="h1"` or `"h2"` draws it with this
 * app's theme (app/theme.ts), without a styled component (decision 020): the contest page and its
 * sections, which render again as each of their queries answers (issue #13).
 */
export function Heading({
  level = 2,
  id,
  className,
  children,
}: {
  level?: 1 | 2;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = level === 1 ? 'h1' : 'h2';
  const look = level === 1 ? styles.h1 : styles.h2;
  return (
    <Tag
      id={id}
      className={`MuiTypography-root MuiTypography-h${level} ${look}${className ? ` ${className}` : ''}`}
    >
      {children}
    </Tag>
  );
}
