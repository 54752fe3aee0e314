import type { Plugin } from 'vite'

const EMPTY = '\0unused-node-crypto'

/**
 * Resolves Node's `crypto` to an empty module. `@hpke/common` imports it only where
 * `globalThis.crypto` is missing (Node 18), which no browser reaches; left as it is, the browser
 * files would carry a bare import a page cannot resolve.
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [noNodeBuiltins()] })
 * ```
 */
export function noNodeBuiltins(): Plugin {
  return {
    name: 'no-node-builtins',
    enforce: 'pre',
    resolveId: (source) => (/^(node:)?crypto$/.test(source) ? EMPTY : null),
    load: (id) => (id === EMPTY ? 'export {}' : null),
  }
}
