import type { ComingSoonPage } from '@/components/ComingSoon.tsx';
import { signedInPatterns } from '@bullpen/contract/routes';
import type { AccountPattern } from './account/routes.ts';
import type { BudgetPattern } from './budget/routes.ts';
import type { ClassroomPattern } from './classrooms/routes.ts';
import type { ContestPattern } from './contests/routes.ts';
import type { GuardianPattern } from './guardians/routes.ts';
import type { HomePattern } from './home/routes.ts';
import type { NotificationPattern } from './notifications/routes.ts';
import type { ZogoPattern } from './zogo/routes.ts';
import type { LearnPattern } from './learn/routes.ts';
import type { PrivacyPattern } from './privacy/routes.ts';
import type { RewardPattern } from './rewards/routes.ts';
import type { ToolsPattern } from './tools/routes.ts';

type SignedInPattern = (typeof signedInPatterns)[number];

/**
 * What each not-yet-built signed-in route will be (`logout`, the contest, learn and budget routes are real):
 * its title and description are `comingSoon.pages.<page>` in the `common` catalogue.
 */
export const signedInComingSoon: Record<
  Exclude<
    SignedInPattern,
    | 'logout'
    | AccountPattern
    | ContestPattern
    | GuardianPattern
    | HomePattern
    | NotificationPattern
    | LearnPattern
    | BudgetPattern
    | ClassroomPattern
    | ZogoPattern
    | RewardPattern
    | PrivacyPattern
    | ToolsPattern
  >,
  ComingSoonPage
> = {};

/** Public routes under /public that are not built yet. */
export const publicComingSoon: Record<string, ComingSoonPage> = {
  fake: 'sandbox',
};
