// Which Firefox the cross-engine tests run in (test/engines): the one FIREFOX_PATH names, else a
// system Firefox on PATH (Debian's firefox-esr first). Plain JavaScript, so that `npm test` can run
// it before anything is built.
import { executableOnPath, namedExecutable } from './findExecutable.mjs'

/** The names a system Firefox goes by on PATH (Debian: firefox-esr; elsewhere: firefox). */
const SYSTEM_NAMES = ['firefox-esr', 'firefox']

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
  return (
    namedExecutable({ env, variable: 'FIREFOX_PATH', what: 'a Firefox' }) ??
    executableOnPath({ env, names: SYSTEM_NAMES })
  )
}
