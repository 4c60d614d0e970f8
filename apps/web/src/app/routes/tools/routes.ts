import type { PageRoute } from '../page-route.tsx';

/** The calculators' page: all four on /tools, each at /tools#<name>. */
export const toolsRoutes = [
  { path: 'tools', lazy: () => import('@/features/tools/pages/ToolsPage.tsx') },
] as const satisfies readonly PageRoute[];

export type ToolsPattern = (typeof toolsRoutes)[number]['path'];
