import Avatar from '@mui/material/Avatar';

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

/** A member's photo, or their initials on a colour derived from the name. */
export function InitialsAvatar({
  name,
  photo,
  size,
}: {
  name: string;
  photo?: string;
  size: number;
}) {
  return (
    <Avatar
      src={photo || undefined}
      alt={photo ? name : undefined}
      aria-hidden={photo ? undefined : 'true'}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.38,
        fontWeight: 700,
        bgcolor: colourFor(name),
        color: '#ffffff',
      }}
    >
      {initials(name)}
    </Avatar>
  );
}
