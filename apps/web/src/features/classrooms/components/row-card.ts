/**
 * A row of a class's lists (students, class rewards, reward requests): an outlined card whose
 * actions wrap under its text on a narrow screen.
 */
export const rowCardSx = {
  p: 1.5,
  borderRadius: 2,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1.5,
  minWidth: 0,
} as const;

/** The row's text: it takes the room the actions leave, and long names break. */
export const rowTextSx = { flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' } as const;
