// Which WebKit the cross-engine tests run in (test/engines): the WebKitWebDriver that
// WEBKIT_DRIVER_PATH names, else one on PATH (Debian's webkit2gtk-driver, which starts WebKitGTK's
// MiniBrowser). Plain JavaScript, so that `npm test` can run it before anything is built.
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** The driver's name on PATH (WebKitGTK's and WPE's builds both install it so). */
const SYSTEM_NAMES = ['WebKitWebDriver']

/** Whether `path` is a file this process may execute (a symlink counts by its target). */
function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

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
  const named = env.WEBKIT_DRIVER_PATH
  if (named !== undefined && named !== '') {
    if (isExecutableFile(named)) return { path: named, source: 'env' }
    throw new Error(
      `WEBKIT_DRIVER_PATH is set to ${named}, which is not an executable file: point it at a WebKitWebDriver or unset it.`,
    )
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    for (const name of SYSTEM_NAMES) {
      const path = join(dir, name)
      if (isExecutableFile(path)) return { path, source: 'system' }
    }
  }
  return undefined
}
