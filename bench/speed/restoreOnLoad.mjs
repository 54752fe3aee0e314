// Restoring a session key from IndexedDB on page load, timed over many fresh documents: the Node
// side of bench/speed/restorePage.mjs. Loads alternate between the kit and the peer (ABBA), after a few
// untimed ones.
import { stats } from '../shared/timing.mjs'

async function load(page, origin, mode) {
  await page.goto(`${origin}/restore.html?mode=${mode}`)
  const result = await (await page.waitForFunction(() => globalThis.restoreResult)).jsonValue()
  if (result.error) throw new Error(`restore page (${mode}): ${result.error}`)
  return result
}

/** Per-load durations (ms) of the fields `from` → `to` of each result. */
const span = (results, from, to) => stats(results.map((r) => r[to] - (from ? r[from] : 0)))

/**
 * Stores a key once, then loads the restore page `loads` times per side in one browser context
 * (IndexedDB persists across its documents). Returns µs stats, per side, of: navigation start →
 * script start (page load, not the kit), the restore call alone (the kit's or the peer's), and
 * navigation start → key in hand; for ours also createKeyStore() and list() separately.
 */
export async function measureRestore(browser, origin, { loads = 30, warmupLoads = 4 } = {}) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const stored = await load(page, origin, 'setup')
    const results = { ours: [], peer: [] }
    for (let i = 0; i < warmupLoads + loads; i++) {
      for (const mode of i % 2 ? ['peer', 'ours'] : ['ours', 'peer']) {
        const result = await load(page, origin, mode)
        if (result.publicKey !== stored[mode])
          throw new Error(`restore page (${mode}): another key came back`)
        if (i >= warmupLoads) results[mode].push(result)
      }
    }
    const { ours, peer } = results
    return {
      loads,
      warmupLoads,
      ours: {
        navigationToScript: span(ours, null, 'scriptStartMs'),
        restore: span(ours, 'startMs', 'keyMs'),
        createKeyStore: span(ours, 'startMs', 'openedMs'),
        list: span(ours, 'openedMs', 'keyMs'),
        navigationToKey: span(ours, null, 'keyMs'),
      },
      peer: {
        navigationToScript: span(peer, null, 'scriptStartMs'),
        restore: span(peer, 'startMs', 'keyMs'),
        navigationToKey: span(peer, null, 'keyMs'),
      },
    }
  } finally {
    await context.close()
  }
}
