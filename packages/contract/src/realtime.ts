import { z } from 'zod';

/**
 * The schemas here are built in pure wrappers: the web app's first load takes only the close
 * codes and channel names from this module, and its bundler then leaves the schemas and zod out.
 *
 * The WebSocket protocol of `/ws` (docs/realtime.md): JSON text frames both ways. The client
 * authenticates (or not), subscribes to channels, and hears what is published on them.
 */
export const realtimeClientMessage = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    /** Names the socket's user from now on (a session token), or makes it anonymous (null). */
    z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096).nullable() }),
    z.object({ type: z.literal('subscribe'), channel: z.string().max(100) }),
    z.object({ type: z.literal('unsubscribe'), channel: z.string().max(100) }),
    z.object({ type: z.literal('ping') }),
  ]))();
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

/**
 * Why a subscription was refused or ended (`{"type":"error","channel",...,"reason"}`):
 * - `unauthenticated`: the channel needs a signed-in user it accepts; signing in may help.
 * - `forbidden`: the signed-in user may not listen to it.
 * - `unknown_channel`: no channel has that name; asking again will not help.
 * - `bad_message`: the message was not JSON or not one of the protocol's (no channel).
 */
export const realtimeRefusalReasons = [
  'unauthenticated',
  'forbidden',
  'unknown_channel',
  'bad_message',
] as const;
export type RealtimeRefusalReason = (typeof realtimeRefusalReasons)[number];

/**
 * WebSocket close codes the server uses. 1001, 1008, 1011 and 1013 are RFC 6455's; 4401 is ours (4000-4999
 * are for applications), after HTTP 401. A client reconnects (with backoff) after the RFC ones,
 * but after a 44xx code only once something changed: a new session.
 */
export const realtimeCloseCodes = {
  /** The server process is shutting down (a restart): reconnect, another process answers. */
  goingAway: 1001,
  policyViolation: 1008,
  internalError: 1011,
  tryAgainLater: 1013,
  /** The token presented (Authorization header or `auth` message) is invalid or expired. */
  unauthenticated: 4401,
} as const;

/** Codes after which reconnecting with the same credentials is pointless. */
export function isAuthenticationClose(code: number): boolean {
  return code >= 4400 && code < 4500;
}

/** Each user's own channel: only that user may listen (their points balance, for now). */
export const USER_CHANNEL_PREFIX = 'user:';
export const userChannel = (userId: number) => `${USER_CHANNEL_PREFIX}${userId}`;

/**
 * A child's channel for the guardians who follow them: the child's points balance as it
 * changes (the `pointsChangedMessage` shape). Only a guardian linked to the child may listen,
 * and revoking the link ends the subscription at once (apps/server/src/guardians).
 */
export const CHILD_CHANNEL_PREFIX = 'child:';
export const childChannel = (childId: number) => `${CHILD_CHANNEL_PREFIX}${childId}`;

/** Published on `user:<id>` whenever the user's points ledger changes: the new balance. */
export const pointsChangedMessage = /* @__PURE__ */ (() =>
  z.object({
    channel: z.string(),
    type: z.literal('points'),
    available_points: z.number().int(),
  }))();
export type PointsChangedMessage = z.infer<typeof pointsChangedMessage>;

/**
 * Published on `user:<id>` when a reward request changed for that user: a student's request
 * was approved or declined, or a request the teacher decides was made or cancelled. The page
 * refetches what it shows.
 */
export const rewardsChangedMessage = /* @__PURE__ */ (() =>
  z.object({
    channel: z.string(),
    type: z.literal('rewards'),
  }))();
export type RewardsChangedMessage = z.infer<typeof rewardsChangedMessage>;

/**
 * Published on `user:<id>` when the user's notifications changed (one arrived, or was read in
 * another tab): the unread count, for the bell; the list refetches.
 */
export const notificationsChangedMessage = /* @__PURE__ */ (() =>
  z.object({
    channel: z.string(),
    type: z.literal('notifications'),
    unread: z.number().int(),
  }))();
export type NotificationsChangedMessage = z.infer<typeof notificationsChangedMessage>;

/**
 * The channels, here rather than beside their domains' schemas so that a page that only
 * listens takes no zod with it. `prices` carries live prices (`PriceUpdate`, market.ts).
 * `{type: 'leaderboard', contest}` goes out whenever a contest's values change, and
 * `{type: 'contest', contest}` when its owner freezes or resumes it. Every contest has its own
 * channel, `contest:<id>`; a private contest's channel takes its members only (the subscribe
 * message carries the session token). The `leaderboards` channel carries public contests only.
 */
export const PRICES_CHANNEL = 'prices';
export const LEADERBOARDS_CHANNEL = 'leaderboards';
export const CONTEST_CHANNEL_PREFIX = 'contest:';
export const contestChannel = (contestId: number) => `${CONTEST_CHANNEL_PREFIX}${contestId}`;
