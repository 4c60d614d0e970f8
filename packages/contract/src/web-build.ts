/**
 * What the web build leaves for the server besides the app's files (apps/web/first-load.ts):
 * each page's copy of index.html with its first load's preloads, and the list of them.
 */

/** The list of pages, relative to the build's output (`WEB_DIST`). */
export const FIRST_LOAD_PAGES = 'first-load/pages.json';

/** One page of the list: its URL pattern (React Router's) and the HTML to send for it. */
export type FirstLoadPage = { pattern: string; file: string };
