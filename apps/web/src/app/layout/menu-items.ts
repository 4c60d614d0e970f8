import { publicPaths } from '@bullpen/contract/routes';
import type { User } from '@bullpen/contract/users';

export interface MenuLink {
  label: string;
  to: string;
}

export interface MenuGroup {
  label: string;
  items: MenuLink[];
}

export type HeaderEntry = MenuLink | MenuGroup;

export function isMenuGroup(entry: HeaderEntry): entry is MenuGroup {
  return 'items' in entry;
}

export const learnAndEarnPath = '/learn-and-earn?widget_type=learn_and_earn';

const gamingMenu: MenuGroup = {
  label: 'Gaming',
  items: [
    { label: 'My Public Contests', to: '/my-contests?type=public' },
    { label: 'My Private Contests', to: '/my-contests?type=private' },
    { label: 'Join Contest', to: '/join' },
    { label: 'Create Contest', to: '/create' },
  ],
};

/** Spec section 2, "Header menus": one list per kind of visitor, in the spec's order. */
export function headerEntries(user: User | null): HeaderEntry[] {
  if (!user) {
    return [
      { label: 'Login', to: publicPaths.login },
      { label: 'Sign up', to: publicPaths.signup },
      { label: 'Sign up - Teacher', to: publicPaths.signupTeacher },
      gamingMenu,
      { label: 'Classroom', items: [{ label: 'My Classrooms', to: '/my-classrooms' }] },
    ];
  }
  const classroomMenu: MenuGroup = user.is_teacher
    ? {
        label: 'Classroom',
        items: [
          { label: 'Join Classroom', to: '/join-classroom' },
          { label: 'Create Classroom', to: '/create-classroom' },
          { label: 'My Classrooms', to: '/my-classrooms' },
        ],
      }
    : {
        label: 'Classroom',
        items: [
          { label: 'My Classrooms', to: '/my-classrooms' },
          { label: 'Join Classroom', to: '/join-classroom' },
        ],
      };
  return [
    { label: 'Learn & Earn', to: learnAndEarnPath },
    { label: 'Master Budget', to: '/budgeting' },
    ...(user.is_teacher ? [{ label: 'Admin', to: '/assessment' }] : []),
    classroomMenu,
    gamingMenu,
  ];
}

export function profileMenu(user: User): MenuGroup {
  return { label: user.username, items: [{ label: 'Log out', to: '/logout' }] };
}
