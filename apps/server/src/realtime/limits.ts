import { authMessages } from '@bullpen/contract/messages';
import { realtimeCloseCodes } from '@bullpen/contract/realtime';

/**
 * What one WebSocket client may cost the server. A client that misbehaves is closed with a
 * WebSocket close code and a reason; a well-behaved page never comes near these numbers (it
 * sends a ping every 25 s and a few subscriptions per page, and reads what it is sent).
 */
export const realtimeLimits = {
  /** Largest client message, in bytes. */
  maxMessageBytes: 4096,
  /** Client messages per window; more closes the connection (1008, policy violation). */
  maxMessagesPerWindow: 60,
  windowMs: 10_000,
  /**
   * Bytes the server may hold for a client that does not read (a price snapshot is about
   * 30 KB); past this the client is closed (1013, try again later).
   */
  maxBufferedBytes: 1024 * 1024,
  /** A closed slow client that still does not read its close frame is cut off after this. */
  closeGraceMs: 5_000,
  /** Channels one connection may listen to at once. */
  maxSubscriptions: 50,
  /**
   * How often a signed-in socket's session is checked again (logout or a new password ends
   * it), so a socket does not keep hearing private channels after its session ended.
   */
  sessionRecheckMs: 60_000,
} as const;

/** WebSocket close codes: RFC 6455's (section 7.4.1) and 4401; the contract documents them. */
export const closeCodes = realtimeCloseCodes;

export const closeReasons = {
  tooManyMessages: 'Too many messages: slow down and reconnect.',
  tooSlow: 'Messages were piling up unread: reconnect when ready.',
  tooManyConnections: 'Too many connections from your address. Close some tabs and try again.',
  tooManySubscriptions: 'Too many subscriptions on one connection.',
  sessionInvalid: authMessages.tokenInvalid,
  internalError: 'Something went wrong on our side: reconnect in a moment.',
  goingAway: 'The server is restarting: reconnect in a moment.',
} as const;
