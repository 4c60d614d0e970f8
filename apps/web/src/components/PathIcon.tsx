import styles from './PathIcon.module.css';

/** An icon's SVG paths on a 24 × 24 grid, as Material Icons draws them. */
export type IconPaths = readonly string[];

/**
 * A decorative icon drawn from its paths with static CSS, where a page shows many of them or
 * shows them on every page (the footer): MUI's `SvgIcon` is a styled component whose styles are
 * worked out on every render (issue #13). Hidden from assistive technology: the control around
 * it carries the name.
 */
export function PathIcon({ paths, className }: { paths: IconPaths; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
