import type { TFunction } from 'i18next';
import {
  guardianPaths,
  HOME_PATH,
  learnPaths,
  publicPaths,
  staffPaths,
  supportPaths,
  toolsPaths,
} from '@bullpen/contract/routes';
import type { User } from '@bullpen/contract/users';

/** The shell's translator (namespace `common`): menus are built in the reader's language. */
export type CommonT = TFunction<'common'>;

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

function gamingMenu(t: CommonT): MenuGroup {
  return {
    label: t('menu.gaming'),
    items: [
      { label: t('menu.myPublicContests'), to: '/my-contests?type=public' },
      { label: t('menu.myPrivateContests'), to: '/my-contests?type=private' },
      { label: t('menu.joinContest'), to: '/join' },
      { label: t('menu.createContest'), to: '/create' },
    ],
  };
}

/** Spec section 2, "Header menus": one list per kind of visitor, in the spec's order. */
export function headerEntries(user: User | null, t: CommonT): HeaderEntry[] {
  if (!user) {
    return [
      { label: t('menu.login'), to: publicPaths.login },
      { label: t('menu.signup'), to: publicPaths.signup },
      { label: t('menu.signupTeacher'), to: publicPaths.signupTeacher },
      gamingMenu(t),
      {
        label: t('menu.classroom'),
        items: [{ label: t('menu.myClassrooms'), to: '/my-classrooms' }],
      },
    ];
  }
  // A parent's account has no classes, contests or board: its home lists its children.
  if (user.is_guardian) return [{ label: t('menu.home'), to: HOME_PATH }];
  // Ours, after the spec's items: the way to the signed-in lessons.
  const lessons: MenuLink = { label: t('menu.lessons'), to: learnPaths.catalogue };
  const calculators: MenuLink = { label: t('menu.calculators'), to: toolsPaths.tools };
  const classroomMenu: MenuGroup = user.is_teacher
    ? {
        label: t('menu.classroom'),
        items: [
          { label: t('menu.joinClassroom'), to: '/join-classroom' },
          { label: t('menu.createClassroom'), to: '/create-classroom' },
          { label: t('menu.myClassrooms'), to: '/my-classrooms' },
          lessons,
          calculators,
        ],
      }
    : {
        label: t('menu.classroom'),
        items: [
          { label: t('menu.myClassrooms'), to: '/my-classrooms' },
          { label: t('menu.joinClassroom'), to: '/join-classroom' },
          lessons,
          calculators,
        ],
      };
  return [
    { label: t('menu.learnAndEarn'), to: learnAndEarnPath },
    { label: t('menu.masterBudget'), to: '/budgeting' },
    ...(user.is_teacher ? [{ label: t('menu.admin'), to: '/assessment' }] : []),
    classroomMenu,
    gamingMenu(t),
  ];
}

/**
 * The profile menu: everyone's account settings; staff (Bullpen's operators) also find the
 * support inbox there, the teachers waiting for their approval, every account, and the audit
 * log of what staff did.
 */
export function profileMenu(user: User, t: CommonT): MenuGroup {
  const staffItems = user.is_staff
    ? [
        { label: t('menu.supportInbox'), to: supportPaths.inbox },
        { label: t('menu.staffTeachers'), to: staffPaths.teachers },
        { label: t('menu.staffUsers'), to: staffPaths.users },
        { label: t('menu.staffAuditLog'), to: staffPaths.auditLog },
        { label: t('menu.staffRosters'), to: staffPaths.rosters },
      ]
    : [];
  return {
    label: user.username,
    items: [
      { label: t('menu.settings'), to: '/settings' },
      // A student invites a parent and sees who follows them (apps/server/src/guardians).
      ...(user.is_teacher || user.is_staff || user.is_guardian
        ? []
        : [{ label: t('menu.parents'), to: guardianPaths.mine }]),
      ...staffItems,
      { label: t('menu.logout'), to: '/logout' },
    ],
  };
}
