import type { TeamMember } from '@bullpen/contract/content';

/**
 * The team shown on the home page. `photo` is empty: the dialog draws an initials avatar
 * (no remote images). Replace with the real team and local photos when available.
 */
export const teamMembers: TeamMember[] = [
  {
    fullName: 'Maya Thompson',
    role: 'Co-founder & Head of Learning',
    description:
      'Maya taught economics and personal finance in public high schools for twelve years. She designs Bullpen’s courses so that every lesson ends with something students can do with their own money.',
    photo: '',
  },
  {
    fullName: 'Daniel Okafor',
    role: 'Co-founder & Engineering',
    description:
      'Daniel built trading and risk systems before turning to education. He leads the team that builds the simulated market, contests and classrooms, with privacy and safety for students first.',
    photo: '',
  },
  {
    fullName: 'Sofia Alvarez',
    role: 'Teacher Success',
    description:
      'A former middle-school math teacher, Sofia helps teachers set up classrooms and contests, and turns their feedback into the next lessons.',
    photo: '',
  },
  {
    fullName: 'Ethan Park',
    role: 'Product Design',
    description:
      'Ethan designs Bullpen for phones, classroom laptops and screen readers alike, and tests every screen with students before it ships.',
    photo: '',
  },
];
