/**
 * The icons of the stock popup's panels (Info, Data, Chart, News) as SVG path data, drawn by
 * `PanelButtonCell` with `PathIcon`: a stock table has four of them on each of its rows.
 * The paths are Material Icons' (Apache License 2.0), as `@mui/icons-material` ships them:
 * InfoOutlined, QueryStats, ShowChart and ArticleOutlined.
 */
import type { IconPaths } from './PathIcon.tsx';

export const panelIcons = {
  info: [
    'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  ],
  data: [
    'M19.88 18.47c.44-.7.7-1.51.7-2.39 0-2.49-2.01-4.5-4.5-4.5s-4.5 2.01-4.5 4.5 2.01 4.5 4.49 4.5c.88 0 1.7-.26 2.39-.7L21.58 23 23 21.58zm-3.8.11c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5m-.36-8.5c-.74.02-1.45.18-2.1.45l-.55-.83-3.8 6.18-3.01-3.52-3.63 5.81L1 17l5-8 3 3.5L13 6zm2.59.5c-.64-.28-1.33-.45-2.05-.49L21.38 2 23 3.18z',
  ],
  chart: ['m3.5 18.49 6-6.01 4 4L22 6.92l-1.41-1.41-7.09 7.97-4-4L2 16.99z'],
  news: [
    'M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2',
    'M14 17H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z',
  ],
} as const satisfies Record<string, IconPaths>;
