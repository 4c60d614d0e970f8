/** Business constants of spec section 9. */
export const TOKEN_COOKIE = 'token';
export const ZOGO_COOKIE = 'zogo';
export const PREV_POINTS_KEY = 'prev-points';
export const COOKIE_EXPIRY_DAYS = 1;
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** The largest id of a row: ids are PostgreSQL `integer` columns. */
export const MAX_ID = 2_147_483_647;
/** An order buys or sells. */
export const ORDER_SIDES = ['BUY', 'SELL'] as const;
/**
 * What an order waits for: nothing (market), a price at or better than its limit (limit), a
 * price crossing its stop, then fills at that tick's price (stop) or waits as a limit
 * (stop_limit). docs/decisions/044-stop-orders.md.
 */
export const ORDER_KINDS = ['market', 'limit', 'stop', 'stop_limit'] as const;
/** Good for the day (a waiting order expires at the close) or good till cancelled. */
export const TIMES_IN_FORCE = ['day', 'gtc'] as const;

export const breakpoints = { xs: 0, sm: 560, md: 768, lg: 1200, xl: 1920 } as const;
export const STICKY_HEADER_SCROLL_PX = 575;
export const MOBILE_MENU_MAX_WIDTH = 750;
export const POINTS_PULSE_MS = 6000;
export const SNACKBAR_HIDE_MS = 6000;

export const debounceMs = { search: 500, loadMore: 300, scroll: 250 } as const;
export const CHAT_MESSAGE_MAX = 500;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_PAGE_SIZE = 20;
/** The course preview's page (learn) and the external content service's default (spec section 9). */
export const PREVIEW_COURSES_PAGE_SIZE = 50;
export const CONTENT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100000;

/**
 * Invitation mail (contests, classrooms), counted per recipient over the last hour: per
 * sender, and per thing invited to (one contest, one classroom).
 */
export const INVITATIONS_PER_SENDER_PER_HOUR = 150;
export const INVITATIONS_PER_TARGET_PER_HOUR = 100;

/** Most shares one order may buy or sell. */
export const MAX_ORDER_SHARES = 1_000_000;
/**
 * A pending market buy sets aside its shares at the last price plus this margin (in basis
 * points: 500 = 5%), plus the commission, because it fills later at a price not known yet.
 */
export const MARKET_ORDER_RESERVE_MARGIN_BPS = 500;

/**
 * Class and contest join codes: no I, O, 0 or 1, which read alike. Ten of 32 characters are
 * 2^50 codes, hopeless to guess at the allowed rate of wrong tries
 * (docs/decisions/027-join-codes-and-attempt-limits.md); older, shorter codes keep working.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 10;
