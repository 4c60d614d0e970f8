/**
 * What the browser build and the web tests load for `react` (decision 018): Preact's React
 * compatibility layer, plus the one hook of React 19 it does not have and React Router's
 * `RouterProvider` calls. JavaScript, not TypeScript: the app is typed against React's own types,
 * and Preact's declare the layer with `export =`, which TypeScript cannot re-export.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `useOptimistic`, as Preact can have it. React shows the optimistic state only while
 * a transition is pending; Preact's `startTransition` runs its update at once, so no transition
 * is ever pending and the state shown is always the one passed in. React Router only sets an
 * optimistic state with `<RouterProvider useTransitions>`, which this app does not use.
 *
 * @template State
 * @param {State} passthrough
 * @returns {[State, (action: unknown) => void]}
 */
export function useOptimistic(passthrough) {
  return [passthrough, () => {}];
}
