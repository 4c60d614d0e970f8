import type { ReactNode } from 'react';
import { TextLink } from './TextLink.tsx';
import styles from './ListCard.module.css';

/**
 * One item of a card list (a `<ul>` with `cardGridClass`): a linked title with its chips, the
 * item's own lines, and its actions at the bottom. Drawn as MUI's outlined Paper, h3 and Link
 * were, with static CSS (decision 020): a list of contests or classes renders every card again as
 * each of the page's queries answers (issue #13).
 */
export function ListCard({
  title,
  to,
  heading = 'h3',
  chips,
  children,
  actions,
}: {
  title: string;
  to: string;
  /** The heading element of the title, so the page's outline stays in order. */
  heading?: 'h2' | 'h3';
  chips?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const Heading = heading;
  return (
    <li className={styles.card}>
      <div className={styles.top}>
        <Heading className={styles.title}>
          <TextLink to={to}>{title}</TextLink>
        </Heading>
        {chips}
      </div>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </li>
  );
}

/** The class of the `<ul>` that holds `ListCard`s: one column on a phone, two from md. */
export const cardGridClass = styles.grid;
