import styles from './InitialsAvatar.module.css';

// Dark backgrounds, each at least 7:1 against white initials.
const colours = ['#0b2545', '#1a4d2e', '#5b1a3a', '#3b2a78', '#0d4f5c', '#6b2d0c'];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colours[hash % colours.length] ?? '#0b2545';
}

/**
 * A member's photo, or their initials on a colour derived from the name: MUI's Avatar as the theme
 * drew it, with static CSS (decision 020).
 */
export function InitialsAvatar({
  name,
  photo,
  size,
}: {
  name: string;
  photo?: string;
  size: number;
}) {
  const box = {
    width: size,
    height: size,
    fontSize: size * 0.38,
    backgroundColor: colourFor(name),
  };
  return photo ? (
    <div className={styles.avatar} style={box}>
      <img src={photo} alt={name} className={styles.photo} />
    </div>
  ) : (
    <div aria-hidden="true" className={styles.avatar} style={box}>
      {initials(name)}
    </div>
  );
}
