import type { Contest } from '@bullpen/contract/contests';
import { translateMessage } from '@/lib/translate-message.ts';

/**
 * Why trading is held back besides the owner's freeze (a class contest whose teacher turned
 * trading off), in the reader's language; null when nothing else holds it back.
 */
export function tradingPauseText(contest: Contest): string | null {
  if (contest.trading_paused_reason === null || contest.status === 'ended') return null;
  return translateMessage(contest.trading_paused_reason, ['contests:serverMessages']);
}

/** BUY and SELL explain instead of opening a ticket: the owner's freeze or a class's switch. */
export function tradingHeldBack(contest: Contest): boolean {
  return contest.status === 'frozen' || tradingPauseText(contest) !== null;
}
