// How each browser (or driver) the tests run is found: the file an environment variable names,
// else a name on PATH. Plain JavaScript, so that `npm test` can run it before anything is built.
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * Whether `path` is a file this process may execute (a symlink counts by its target).
 *
 * @param {string} path
 * @returns {boolean}
 */
export function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The file the environment variable `variable` names, or `undefined` when it is unset. Throws one
 * sentence naming the variable when it names no executable file (a wrong setting is not silently
 * passed over).
 *
 * @example
 * ```js
 * namedExecutable({ env: process.env, variable: 'FIREFOX_PATH', what: 'a Firefox' })
 * ```
 * @param {{ env: Record<string, string | undefined>, variable: string, what: string }} options
 * @returns {{ path: string, source: 'env' } | undefined}
 */
export function namedExecutable({ env, variable, what }) {
  const named = env[variable]
  if (named === undefined || named === '') return undefined
  if (isExecutableFile(named)) return { path: named, source: 'env' }
  throw new Error(
    `${variable} is set to ${named}, which is not an executable file: point it at ${what} or unset it.`,
  )
}

/**
 * The first of `names` found as an executable file on `env.PATH`, directory by directory.
 *
 * @example
 * ```js
 * executableOnPath({ env: process.env, names: ['firefox-esr', 'firefox'] })
 * ```
 * @param {{ env: Record<string, string | undefined>, names: readonly string[] }} options
 * @returns {{ path: string, source: 'system' } | undefined}
 */
export function executableOnPath({ env, names }) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    for (const name of names) {
      const path = join(dir, name)
      if (isExecutableFile(path)) return { path, source: 'system' }
    }
  }
  return undefined
}
