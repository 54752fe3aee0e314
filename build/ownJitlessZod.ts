import type { Plugin } from 'vite'

// zod keeps its settings on `globalThis`, shared by every copy of zod on the page: where they are
// made, and where a schema reads the post-processor `zod/compile` installs (it compiles schemas).
const SHARED_CONFIG =
  /\(_a = globalThis\)\.__zod_globalConfig \?\? \(_a\.__zod_globalConfig = \{\}\);\s*export const globalConfig = globalThis\.__zod_globalConfig;/
const SHARED_POST_PROCESSOR = /globalThis\.__zod_globalConfig\?\.postProcessor/

/**
 * Gives the bundled copy of zod settings of its own, jitless from the start. zod compiles its object
 * parsers with `new Function` unless told otherwise, which a CSP without `'unsafe-eval'` refuses;
 * its settings live on `globalThis`, so setting them at run time would also change the page's own
 * zod and would come too late for schemas built at import, and a page that imports `zod/compile`
 * would have our schemas compiled too. The build fails if zod's source moved.
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [ownJitlessZod()] })
 * ```
 */
export function ownJitlessZod(): Plugin {
  return {
    name: 'own-jitless-zod',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null
      if (!SHARED_CONFIG.test(code) || !SHARED_POST_PROCESSOR.test(code)) {
        this.error(`zod's global config moved in ${id}: update ownJitlessZod`)
      }
      const own = code
        .replace(SHARED_CONFIG, 'export const globalConfig = { jitless: true };')
        .replace(SHARED_POST_PROCESSOR, 'globalConfig.postProcessor')
      return { code: own, map: null }
    },
  }
}
