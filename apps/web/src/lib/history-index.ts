/**
 * React Router's browser history numbers the visit's history entry (`history.state.idx`) when it
 * is created, in the app's first render, with `history.replaceState`: 3–5 ms of that render's
 * task in profiles of the contest page (issue #13). Numbering it earlier, in a task of its own
 * while the first page's code and data download, writes the same state (the entry's own, and
 * `idx` 0) and leaves the first render without it. An entry that has its number keeps it.
 */
export function numberHistoryEntry(history: History = window.history): void {
  const state = history.state as { idx?: unknown } | null;
  if (state?.idx != null) return;
  history.replaceState({ ...state, idx: 0 }, '');
}
