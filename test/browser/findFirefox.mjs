// Which Firefox the cross-engine tests run in (test/engines): the one FIREFOX_PATH names, else a
// system Firefox on PATH (Debian's firefox-esr first). Plain JavaScript, so that `npm test` can run
// it before anything is built.
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** The names a system Firefox goes by on PATH (Debian: firefox-esr; elsewhere: firefox). */
const SYSTEM_NAMES = ['firefox-esr', 'firefox']

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
 * Finds a Firefox: the file `FIREFOX_PATH` names, else `firefox-esr` or `firefox` on `PATH`.
 *
 * Returns `{ path, source }` (`source`: `'env'` or `'system'`), or `undefined` when there is none.
 * Throws one sentence naming the variable when `FIREFOX_PATH` is set but is not an executable file.
 *
 * @example
 * ```js
 * const found = findFirefox()
 * if (found) console.log(found.path)
 * ```
 * @param {{ env?: Record<string, string | undefined> }} [options] the environment to read (default `process.env`)
 * @returns {{ path: string, source: 'env' | 'system' } | undefined}
 */
export function findFirefox({ env = process.env } = {}) {
  const named = env.FIREFOX_PATH
  if (named !== undefined && named !== '') {
    if (isExecutableFile(named)) return { path: named, source: 'env' }
    throw new Error(
      `FIREFOX_PATH is set to ${named}, which is not an executable file: point it at a Firefox or unset it.`,
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
