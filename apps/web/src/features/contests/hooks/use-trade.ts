import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Contest } from '@bullpen/contract/contests';
import { contestPaths } from '../api/paths.ts';
import { tradingHeldBack } from '../trading-pause.ts';

export type OrderSide = 'BUY' | 'SELL';

/**
 * BUY and SELL in a contest: open the order ticket, or, while the owner has paused trading (or
 * the class's teacher has turned it off), explain that instead (render `TradingPausedDialog` with `paused`).
 */
export function useTrade(contest: Contest | undefined) {
  const navigate = useNavigate();
  const [pausedOpen, setPausedOpen] = useState(false);
  const trade = (orderType: OrderSide, securityId: number) => {
    if (!contest) return;
    if (tradingHeldBack(contest)) setPausedOpen(true);
    else navigate(contestPaths.placeOrder(orderType, contest.id, securityId));
  };
  return { trade, paused: { open: pausedOpen, onClose: () => setPausedOpen(false) } };
}
