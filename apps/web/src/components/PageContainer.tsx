import type { ReactNode } from 'react';
import styles from './PageContainer.module.css';

export function PageContainer({
  children,
  maxWidth = 1120,
}: {
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <div className={styles.container} style={{ maxWidth }}>
      {children}
    </div>
  );
}
