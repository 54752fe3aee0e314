/**
 * Finds a Firefox: the file `FIREFOX_PATH` names, else `firefox-esr` or `firefox` on `PATH`.
 * `undefined` when there is none; throws one sentence naming the variable when `FIREFOX_PATH` is
 * set but is not an executable file.
 *
 * @example
 * ```ts
 * const found = findFirefox()
 * ```
 */
export declare function findFirefox(options?: {
  env?: Record<string, string | undefined>
}): { path: string; source: 'env' | 'system' } | undefined
