// `npm test`'s cross-engine run: the scenarios of test/engines/scenarios.ts in Firefox (Marionette)
// and WebKitGTK (WebKitWebDriver), each in a page served with the browser tests' backend. Run as
// `node --test test/engines/engines.test.mjs`; it finds the browsers as
// test/engines/ensureEngines.mjs does.
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { ENGINES } from './engineLaunchers.mjs'

const PAGE = '/test/engines/page.html'

let server
let pageUrl

before(async () => {
  server = await createServer({ configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) })
  await server.listen()
  pageUrl = `http://localhost:${server.httpServer.address().port}${PAGE}`
})

after(async () => {
  await server?.close()
})

/** Loads the page afresh and waits until its scenarios are there. */
async function loadPage(browser) {
  await browser.navigate(pageUrl)
  await browser.execute(`return new Promise((resolve) => {
    const check = () => (window.engineScenarios ? resolve(true) : setTimeout(check, 20))
    check()
  })`)
}

/** Runs a scenario's steps, each in a freshly loaded page, handing each the previous one's answer. */
async function runScenario(browser, { name, steps }) {
  let input = null
  for (let step = 0; step < steps; step++) {
    await loadPage(browser)
    const result = await browser.execute('return window.engineScenarios.run(...arguments)', [
      name,
      step,
      input,
    ])
    if (!result.ok)
      throw new Error(steps > 1 ? `step ${step + 1} of ${steps}: ${result.error}` : result.error)
    input = result.value
  }
}

// Bounds, so that a browser or driver that hangs fails the run instead of holding CI.
const SCENARIO_TIMEOUT_MS = 60_000
const RUN_TIMEOUT_MS = 300_000

test('cross-engine scenarios', { concurrency: ENGINES.length, timeout: RUN_TIMEOUT_MS }, async (t) => {
  await Promise.all(
    ENGINES.map((engine) =>
      t.test(engine.name, async (e) => {
        const browser = await engine.launch()
        try {
          e.diagnostic(`${engine.name} ${browser.version}`)
          await loadPage(browser)
          const scenarios = await browser.execute('return window.engineScenarios.list(arguments[0])', [
            engine.name,
          ])
          for (const scenario of scenarios)
            await e.test(scenario.name, { timeout: SCENARIO_TIMEOUT_MS }, () =>
              runScenario(browser, scenario),
            )
        } finally {
          await browser.close()
        }
      }),
    ),
  )
})
