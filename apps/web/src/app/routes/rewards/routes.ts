import type { PageRoute } from '../page-route.tsx';

/** /redeem: what points buy, composed of the rewards and points features. */
export const rewardRoutes = [
  { path: 'redeem', lazy: () => import('./RedeemRoute.tsx') },
] as const satisfies readonly PageRoute[];

export type RewardPattern = (typeof rewardRoutes)[number]['path'];
