import styles from './Progress.module.css';

/** An indeterminate bar (MUI's LinearProgress), fixed across the top of the page with `top`. */
export function LoadingBar({ label, top = false }: { label: string; top?: boolean }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={top ? `${styles.bar} ${styles.top}` : styles.bar}
    />
  );
}

/** An indeterminate spinner (MUI's CircularProgress at its 40 px). */
export function LoadingCircle({ label }: { label: string }) {
  return (
    <span role="progressbar" aria-label={label} className={styles.circle}>
      <svg viewBox="22 22 44 44" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

/** A page's whole content while it loads: the spinner in the middle of half a screen. */
export function CenteredLoadingCircle({ label }: { label: string }) {
  return (
    <div className={styles.center}>
      <LoadingCircle label={label} />
    </div>
  );
}
