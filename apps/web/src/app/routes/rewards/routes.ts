import type { RouteObject } from 'react-router';

/** /redeem: what points buy, composed of the rewards and points features. */
export const rewardRoutes = [
  { path: 'redeem', lazy: () => import('./RedeemRoute.tsx') },
] as const satisfies readonly RouteObject[];

export type RewardPattern = (typeof rewardRoutes)[number]['path'];
