import { useCallback, useMemo, useReducer } from 'react';
import type { Security } from '@bullpen/contract/market';

/** Spec section 4, "Stock popup": an open flag, the selected security and tab index 0-4. */
export interface StockPopupState {
  open: boolean;
  security: Security | null;
  tab: number;
}

type Action =
  | { type: 'open'; security: Security; tab: number }
  | { type: 'tab'; tab: number }
  | { type: 'close' };

const closed: StockPopupState = { open: false, security: null, tab: 0 };

function clampTab(tab: number): number {
  return Math.min(4, Math.max(0, Math.trunc(tab)));
}

export function stockPopupReducer(state: StockPopupState, action: Action): StockPopupState {
  switch (action.type) {
    case 'open':
      return { open: true, security: action.security, tab: clampTab(action.tab) };
    case 'tab':
      return state.open ? { ...state, tab: clampTab(action.tab) } : state;
    case 'close':
      return closed;
  }
}

export interface StockPopupControls extends StockPopupState {
  /** Opens the popup on a security at a panel (0 position, 1 info, 2 data, 3 graph, 4 news). */
  openAt: (security: Security, tab: number) => void;
  selectTab: (tab: number) => void;
  close: () => void;
}

export function useStockPopup(): StockPopupControls {
  const [state, dispatch] = useReducer(stockPopupReducer, closed);
  const openAt = useCallback(
    (security: Security, tab: number) => dispatch({ type: 'open', security, tab }),
    [],
  );
  const selectTab = useCallback((tab: number) => dispatch({ type: 'tab', tab }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  return useMemo(() => ({ ...state, openAt, selectTab, close }), [state, openAt, selectTab, close]);
}
