/** How a Chromium was found: CHROMIUM_PATH, a system Chromium on PATH, or Playwright's own download. */
export type ChromiumSource = 'env' | 'system' | 'playwright'

/**
 * Finds a Chromium: the file `CHROMIUM_PATH` names, else `chromium` or `chromium-browser` on `PATH`,
 * else Playwright's own download. `undefined` when there is none; throws one sentence naming the
 * variable when `CHROMIUM_PATH` is set but is not an executable file.
 */
export declare function findChromium(options?: {
  env?: Record<string, string | undefined>
}): { path: string; source: ChromiumSource } | undefined
