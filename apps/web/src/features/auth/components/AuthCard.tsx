import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';

/** The frame of every auth page: one h1, an optional lead, the form (static CSS, decision 020). */
export function AuthCard({
  title,
  lead,
  children,
  maxWidth = 480,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <div className={styles.backdrop}>
      <div className={styles.card} style={{ maxWidth }}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <div className={styles.lead}>{lead}</div>}
        {children}
      </div>
    </div>
  );
}
