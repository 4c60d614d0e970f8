import styles from './signed.module.css';

/** The class of a signed amount whose sign is `value`'s: green, red or grey (signed.module.css). */
export function signedClass(value: number): string {
  const tone = value > 0 ? styles.gain : value < 0 ? styles.loss : styles.flat;
  return `${styles.signed} ${tone}`;
}
