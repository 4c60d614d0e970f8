import { Link as RouterLink } from 'react-router';
import type { LinkProps } from 'react-router';
import styles from './TextLink.module.css';

/**
 * A link inside a sentence to a page of the app, as MUI's `Link` draws one (underlined, in the
 * primary colour), with static CSS: no styled component, and no MUI `Link` chunk on the pages
 * that need only this (issue #13). Its children come from `Trans` when it is a catalogue's tag.
 */
export function TextLink({ className, ...props }: LinkProps) {
  return (
    <RouterLink {...props} className={className ? `${styles.link} ${className}` : styles.link} />
  );
}
