import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@bullpen/contract/content';

/**
 * The team shown on the home page; each role and description is `team.members.<key>` in the
 * `home` catalogue. `photo` is empty: the dialog draws an initials avatar (no remote images).
 * Replace with the real team and local photos when available.
 */
const team = [
  { key: 'maya', fullName: 'Maya Thompson' },
  { key: 'daniel', fullName: 'Daniel Okafor' },
  { key: 'sofia', fullName: 'Sofia Alvarez' },
  { key: 'ethan', fullName: 'Ethan Park' },
] as const;

/** The team in the reader's language. */
export function useTeamMembers(): TeamMember[] {
  const { t } = useTranslation('home');
  return team.map(({ key, fullName }) => ({
    fullName,
    role: t(`team.members.${key}.role`),
    description: t(`team.members.${key}.description`),
    photo: '',
  }));
}
