import type { CSSProperties } from 'react';
import styles from './visually-hidden.module.css';

/**
 * Hidden on screen, read by screen readers: the class for a plain element. A class is set in one
 * step, where a style object is set property by property, nine for each element: the stock
 * table's rows have two such spans each (issue #13).
 */
export const visuallyHiddenClass = styles.hidden;

/**
 * The same rules as a style, for an MUI component: its own class would win over
 * `visuallyHiddenClass` (a margin of 0, for one).
 */
export const visuallyHidden: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};
