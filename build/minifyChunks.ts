import { transform } from 'esbuild'
import type { Plugin } from 'vite'

/**
 * Minifies every chunk with esbuild, whitespace included. Vite's library mode leaves ES output
 * unminified (a bundler minifies it later), but the browser files go to pages without one.
 *
 * @example
 * ```ts
 * export default defineConfig({ build: { rollupOptions: { output: { plugins: [minifyChunks()] } } } })
 * ```
 */
export function minifyChunks(): Plugin {
  return {
    name: 'minify-chunks',
    async renderChunk(code) {
      const minified = await transform(code, {
        minify: true,
        format: 'esm',
        target: 'es2022',
        legalComments: 'none',
      })
      return { code: minified.code, map: null }
    },
  }
}
