import { api } from '@bullpen/contract/routes';

type Id = number | string;

/** Contest and trading API paths (spec section 7, "Contests"); web-only until the contract has them. */
export const contestApi = {
  contests: '/api/contests/',
  challenge: '/api/contests/challenge/',
  contest: (id: Id) => `/api/contests/${id}/`,
  invite: (id: Id) => `/api/contests/${id}/invite/`,
  // The server declares this one without a trailing slash.
  freeze: (id: Id) => `/api/contests/${id}/freeze`,
  contestUsers: '/api/contest-users/',
  contestUser: (id: Id) => `/api/contest-users/${id}/`,
  description: (id: Id) => `/api/contest-users/${id}/description/`,
  leaderboard: '/api/contest-users/leaderboard/',
  holdings: '/api/contest-user-securities/',
  values: '/api/contest-user-values/',
  orders: '/api/contest-user-orders/',
  pendingOrders: '/api/contest-invests/',
  pendingOrder: (id: Id) => `/api/contest-invests/${id}/`,
  portfolioStats: '/api/portfolio-stats/',
  security: api.security,
} as const;

/** Web paths of the contest pages (spec section 2). */
export const contestPaths = {
  create: '/create',
  join: '/join',
  challenge: '/join-fintron-challenge',
  myContests: (type: 'public' | 'private') => `/my-contests?type=${type}`,
  contest: (id: Id) => `/contest/${id}`,
  portfolio: (contestUserId: Id) => `/contest-portfolio/${contestUserId}`,
  stats: (userId: Id, contestId: Id) => `/portfolio-stats/${userId}/${contestId}`,
  orderHistory: (userId: Id, contestId: Id) => `/contest-order-history/${userId}/${contestId}`,
  placeOrder: (orderType: 'BUY' | 'SELL', contestId: Id, securityId: Id) =>
    `/place-order/${orderType}/${contestId}/${securityId}`,
} as const;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
