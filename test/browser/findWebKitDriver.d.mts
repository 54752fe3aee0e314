/**
 * Finds a WebKitWebDriver: the file `WEBKIT_DRIVER_PATH` names, else `WebKitWebDriver` on `PATH`.
 * `undefined` when there is none; throws one sentence naming the variable when
 * `WEBKIT_DRIVER_PATH` is set but is not an executable file.
 *
 * @example
 * ```ts
 * const found = findWebKitDriver()
 * ```
 */
export declare function findWebKitDriver(options?: {
  env?: Record<string, string | undefined>
}): { path: string; source: 'env' | 'system' } | undefined
