import type { Alias } from 'vite';

/**
 * React's packages resolved to Preact's compatibility layer (decision 018), for the build and
 * the web tests alike, so what the tests render is what ships. `webRoot` is apps/web/.
 */
export function preactAliases(webRoot: string): Alias[] {
  return [
    { find: /^react$/, replacement: `${webRoot}src/lib/react-on-preact.js` },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  ];
}
