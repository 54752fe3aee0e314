// Which WebKit the cross-engine tests run in (test/engines): the WebKitWebDriver that
// WEBKIT_DRIVER_PATH names, else one on PATH (Debian's webkit2gtk-driver, which starts WebKitGTK's
// MiniBrowser). Plain JavaScript, so that `npm test` can run it before anything is built.
import { executableOnPath, namedExecutable } from './findExecutable.mjs'

/** The driver's name on PATH (WebKitGTK's and WPE's builds both install it so). */
const SYSTEM_NAMES = ['WebKitWebDriver']

/**
 * Finds a WebKitWebDriver: the file `WEBKIT_DRIVER_PATH` names, else `WebKitWebDriver` on `PATH`.
 *
 * Returns `{ path, source }` (`source`: `'env'` or `'system'`), or `undefined` when there is none.
 * Throws one sentence naming the variable when `WEBKIT_DRIVER_PATH` is set but is not an executable file.
 *
 * @example
 * ```js
 * const found = findWebKitDriver()
 * if (found) console.log(found.path)
 * ```
 * @param {{ env?: Record<string, string | undefined> }} [options] the environment to read (default `process.env`)
 * @returns {{ path: string, source: 'env' | 'system' } | undefined}
 */
export function findWebKitDriver({ env = process.env } = {}) {
  return (
    namedExecutable({ env, variable: 'WEBKIT_DRIVER_PATH', what: 'a WebKitWebDriver' }) ??
    executableOnPath({ env, names: SYSTEM_NAMES })
  )
}
