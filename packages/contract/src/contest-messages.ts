/** The contests domain's messages, without zod (contests.ts re-exports them). */
export const contestMessages = {
  notFound: 'No such contest.',
  portfolioNotFound: 'No such portfolio.',
  notOwner: 'Only the contest owner can do this.',
  notRulesEditor: "Only the contest's owner or its class's teacher can change its trading rules.",
  freezeEnded: 'This contest has ended: there is nothing left to freeze.',
  notYourContestToLeave: 'You can only leave a contest you are in.',
  notYourDescription: 'You can only edit your own portfolio description.',
  notMember: 'Join this contest to see its portfolios.',
  deleteStarted: 'This contest has started and others have joined: it can no longer be deleted.',
  ownerCannotLeave: 'You created this contest: delete it instead of leaving.',
  alreadyMember: 'You have already joined this contest.',
  ended: 'This contest has ended.',
  notStarted: 'This contest has not started yet: trading opens when it starts.',
  frozen: 'This contest is frozen: trading is paused by its owner.',
  privateNeedsCode: 'This contest is private: enter its join code or use your invitation.',
  badCode: 'That join code does not match any contest.',
  under13Public:
    'Public contests are for players who are 13 or older and have their own account. You can play in your class contests instead.',
  invitationInvalid: 'This invitation link is invalid or has already been used.',
  endBeforeStart: 'The end date must be after the start date.',
  endInPast: 'The end date must be in the future.',
} as const;
