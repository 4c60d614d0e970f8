type Id = number | string;

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
