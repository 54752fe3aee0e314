// How every browser run of the project starts Chromium (Vitest browser mode, the benchmark, and
// later the end-to-end tests). Browser downloads are blocked on our machines, so Debian's
// Chromium is used when it is there; the flags keep it from reaching for the (closed) network.
import { existsSync } from 'node:fs'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/** Playwright `launchOptions` for Chromium. */
export const chromiumLaunchOptions = {
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}
