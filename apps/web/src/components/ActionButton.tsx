import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { classNames } from './class-names.ts';
import styles from './ActionButton.module.css';

type Look = {
  /** MUI's variants: filled, bordered, or text alone (MUI's default). */
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'error' | 'warning' | 'success';
  size?: 'small' | 'medium' | 'large';
  /** An icon before the label (a `PathIcon`). */
  startIcon?: ReactNode;
  children: ReactNode;
};

function classes({
  variant = 'text',
  color = 'primary',
  size = 'medium',
}: Pick<Look, 'variant' | 'color' | 'size'>): string {
  return classNames(
    styles.button,
    styles[variant],
    color !== 'primary' && styles[color],
    size !== 'medium' && styles[size],
  );
}

function Label({ startIcon, children }: Pick<Look, 'startIcon' | 'children'>) {
  return (
    <>
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
    </>
  );
}

/**
 * A button that looks like MUI's Button in this app's theme, drawn with static CSS
 * (ActionButton.module.css): for pages that render on every visit and again as their data
 * arrives, such as the contest page, where MUI's Button and ButtonBase worked their styles out on
 * each render (issue #13, decision 020). No ripple; the focus ring is the app's own
 * (`:focus-visible` in app/baseline.css).
 */
export function ActionButton({
  variant,
  color,
  size,
  startIcon,
  children,
  type = 'button',
  className,
  ...rest
}: Look & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'children'>) {
  return (
    <button
      type={type}
      className={classNames(classes({ variant, color, size }), className)}
      {...rest}
    >
      <Label startIcon={startIcon}>{children}</Label>
    </button>
  );
}

/**
 * A link to a page of the app that looks like `ActionButton`. A `className` may set the colour
 * variables (`--button`, `--button-dark`, `--button-text`, `--button-border`) with a selector
 * more specific than one class.
 */
export function ActionLink({
  to,
  'aria-label': ariaLabel,
  className,
  ...look
}: Look & { to: string; 'aria-label'?: string; className?: string }) {
  return (
    <Link to={to} aria-label={ariaLabel} className={classNames(classes(look), className)}>
      <Label startIcon={look.startIcon}>{look.children}</Label>
    </Link>
  );
}

/** A link to another site (or a file) that looks like `ActionButton`; `className` as for `ActionLink`. */
export function ActionAnchor({
  variant,
  color,
  size,
  startIcon,
  children,
  className,
  ...rest
}: Look & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'children'>) {
  return (
    <a className={classNames(classes({ variant, color, size }), className)} {...rest}>
      <Label startIcon={startIcon}>{children}</Label>
    </a>
  );
}
