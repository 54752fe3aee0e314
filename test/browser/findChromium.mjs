// Which Chromium the browser tests, the end-to-end tests and the benchmark run in. Three ways, in
// this order: the one CHROMIUM_PATH names, Playwright's own download (the build its version was
// made for), a system Chromium on PATH (Debian's /usr/bin/chromium). Plain JavaScript, so that `npm test` can run it before anything is built.
import { createRequire } from 'node:module'
import { executableOnPath, isExecutableFile, namedExecutable } from './findExecutable.mjs'

/** The names a system Chromium goes by on PATH (Debian: chromium; Ubuntu's older one: chromium-browser). */
const SYSTEM_NAMES = ['chromium', 'chromium-browser']

/** Playwright's own Chromium (under PLAYWRIGHT_BROWSERS_PATH or its cache), when it is there. */
function playwrightChromium() {
  let playwright
  try {
    playwright = createRequire(import.meta.url)('playwright')
  } catch {
    return undefined // not installed yet: `npm install` first
  }
  const path = playwright.chromium.executablePath()
  return path && isExecutableFile(path) ? path : undefined
}

/**
 * Finds a Chromium: the file `CHROMIUM_PATH` names, else Playwright's own download
 * (`chromium.executablePath()`, when that file exists), else `chromium` or `chromium-browser` on
 * `PATH`.
 *
 * Returns `{ path, source }` (`source`: `'env'`, `'system'` or `'playwright'`), or `undefined`
 * when there is none. Throws one sentence naming the variable when `CHROMIUM_PATH` is set
 * but is not an executable file (a wrong setting is not silently passed over).
 *
 * @param {{ env?: Record<string, string | undefined> }} [options] the environment to read (default
 *   `process.env`; Playwright reads `PLAYWRIGHT_BROWSERS_PATH` from `process.env` itself)
 * @returns {{ path: string, source: 'env' | 'system' | 'playwright' } | undefined}
 */
export function findChromium({ env = process.env } = {}) {
  const named = namedExecutable({ env, variable: 'CHROMIUM_PATH', what: 'a Chromium' })
  if (named) return named
  const own = playwrightChromium()
  if (own !== undefined) return { path: own, source: 'playwright' }
  return executableOnPath({ env, names: SYSTEM_NAMES })
}
