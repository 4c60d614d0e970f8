import type { Duration } from './market.ts';

/** Web-only constants of spec sections 4 and 9 (tables, charts, dates). */

/** Tables show scroll arrows when they have more than this many rows; each click scrolls 20 px. */
export const TABLE_SCROLL_ARROWS_AFTER_ROWS = 7;
export const TABLE_SCROLL_STEP_PX = 20;
/** The search table loads the next page when scrolled within 150 px of its bottom. */
export const LOAD_MORE_THRESHOLD_PX = 150;

export const chartSize = {
  default: { width: 476, height: 275 },
  max: { width: 800, height: 400 },
} as const;
/** Below this width the duration buttons use their short labels. */
export const CHART_SHORT_LABELS_BELOW_PX = 475;

export const durationLabels: Record<Duration, { long: string; short: string }> = {
  '1D': { long: 'Today', short: 'D' },
  '1W': { long: 'Week', short: 'W' },
  '1M': { long: 'Month', short: 'M' },
  '1Y': { long: 'Year', short: 'Y' },
  '5Y': { long: 'ALL', short: 'ALL' },
};

/** date-fns patterns of the spec's `%m/%d/%Y %H:%M` and `MM-DD-YYYY: HH:mm`. */
export const CHART_TOOLTIP_DATE_FORMAT = 'MM/dd/yyyy HH:mm';
export const NEWS_DATE_FORMAT = 'MM-dd-yyyy: HH:mm';

/** The stock popup's panels, in the spec's order (tab index 0-4). */
export const STOCK_PANELS = ['Position', 'Info', 'Data', 'Graph', 'News'] as const;
export type StockPanelName = (typeof STOCK_PANELS)[number];
export const GRAPH_PANEL_INDEX = 3;
