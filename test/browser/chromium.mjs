// How every browser run of the project starts Chromium (Vitest browser mode, the end-to-end tests
// and the benchmark): the one findChromium finds (CHROMIUM_PATH, Playwright's own download, or
// a system Chromium on PATH). `npm test` runs ensureChromium.mjs first, so that a machine without one
// stops at once with a sentence instead of a launch error minutes later. The flags keep the browser
// from reaching for the network.
import { findChromium } from './findChromium.mjs'

/** The executable options for the Chromium found (none found: Playwright's default, which will say so). */
function executableOptions() {
  let found
  try {
    found = findChromium()
  } catch {
    // A CHROMIUM_PATH that names no executable: launching it fails naming that path.
    return { executablePath: process.env.CHROMIUM_PATH }
  }
  if (found === undefined) return {}
  // Playwright's own: no executablePath, but its full Chromium (channel 'chromium', the file found)
  // rather than the separate headless shell, which an install may lack.
  return found.source === 'playwright' ? { channel: 'chromium' } : { executablePath: found.path }
}

/** Playwright `launchOptions` for Chromium. */
export const chromiumLaunchOptions = {
  ...executableOptions(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}
