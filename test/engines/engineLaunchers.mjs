// How each engine of the cross-engine runs is found and started: the one place that knows.
import { findFirefox } from '../browser/findFirefox.mjs'
import { findWebKitDriver } from '../browser/findWebKitDriver.mjs'
import { launchFirefox } from './marionette.mjs'
import { launchWebKit } from './webkitWebDriver.mjs'

/**
 * The engines `npm run test:engines` covers besides Chromium, each with whether it has WebAuthn
 * and how to start it; a missing one fails its test with ensureEngines' sentence. Firefox started
 * with `{ preloadScripts: true }` also has `addPreloadScript` (WebDriver BiDi); WebKitWebDriver has
 * no such command.
 *
 * @example
 * ```js
 * for (const engine of ENGINES) {
 *   const browser = await engine.launch()
 *   try { await browser.navigate(url) } finally { await browser.close() }
 * }
 * ```
 */
export const ENGINES = [
  {
    name: 'firefox',
    passkeys: true,
    launch: async ({ preloadScripts = false } = {}) => {
      const found = findFirefox()
      if (!found)
        throw new Error('No Firefox: run `node test/engines/ensureEngines.mjs` for what to install.')
      const browser = await launchFirefox({ path: found.path, bidi: preloadScripts })
      // WebAuthn answered by a virtual authenticator, as Chromium's tests are by theirs.
      await browser.addVirtualAuthenticator()
      return browser
    },
  },
  {
    name: 'webkit',
    passkeys: false,
    launch: async () => {
      const found = findWebKitDriver()
      if (!found)
        throw new Error('No WebKitWebDriver: run `node test/engines/ensureEngines.mjs` for what to install.')
      return launchWebKit({ driverPath: found.path })
    },
  },
]
