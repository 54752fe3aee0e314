// The kit's own cost per signed call in headless Chromium, the network taken out: `wallet.fetch`
// against an in-page fake service (202, then 200, at once) minus the raw signature of the same
// payload timed beside it; in one tab, then in 8 tabs (pages of one browser context) signing with
// the shared session at once. The page is bench/speed/signedCallPage.mjs.
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../../test/browser/chromium.mjs'
import { stats } from '../shared/timing.mjs'
import { servePages } from './servePages.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

async function serve() {
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/speed/signedCallPage.mjs'],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: 'bench/out/signedCall',
  })
  const routes = {
    '/': ['text/html', '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>'],
    '/page.js': ['text/javascript', outputFiles[0].text],
  }
  return servePages(routes)
}

async function openTab(context, origin) {
  const page = await context.newPage()
  await page.goto(`${origin}/`)
  await page.waitForFunction(() => typeof globalThis.runSignedCalls === 'function')
  return page
}

/** Per-call stats of `runs` (each a tab's `{ rawMs, callMs, storeReads, calls }`), and the kit's own cost. */
function summarize(runs) {
  const raw = stats(runs.flatMap((run) => run.rawMs))
  const call = stats(runs.flatMap((run) => run.callMs))
  return {
    raw,
    call,
    storeReads: runs.reduce((total, run) => total + run.storeReads, 0),
    calls: runs.reduce((total, run) => total + run.calls, 0),
    ownMedianUs: call.medianUs - raw.medianUs,
    ownP95Us: call.p95Us - raw.medianUs,
    rawSignatures: (call.medianUs - raw.medianUs) / raw.medianUs,
  }
}

/**
 * Runs the one-tab and the 8-tab measure. Options: `iterations`, `warmup`, `batch` per tab,
 * `tabs` (default 8). Returns the Chromium version and, per setting, µs stats of the raw signature
 * and the signed call, and the kit's own cost (call minus raw signature, median and p95).
 */
export async function measureSignedCall(options = {}) {
  const { tabs = 8, ...counts } = options
  const server = await serve()
  const origin = `http://localhost:${server.address().port}`
  const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions })
  try {
    const context = await browser.newContext()
    const first = await openTab(context, origin)
    await first.evaluate(() => globalThis.setupSession())
    const one = summarize([await first.evaluate((o) => globalThis.runSignedCalls(o), counts)])
    const pages = [first]
    while (pages.length < tabs) pages.push(await openTab(context, origin))
    const runs = await Promise.all(
      pages.map((page) => page.evaluate((o) => globalThis.runSignedCalls(o), counts)),
    )
    if (new Set(runs.map((run) => run.publicKey)).size !== 1)
      throw new Error('signed-call bench: tabs signed with different keys')
    return { chromium: browser.version(), tabs, oneTab: one, manyTabs: summarize(runs) }
  } finally {
    await browser.close()
    server.close()
  }
}

const us = (value) => `${Math.round(value)} µs`

/** The BENCHMARKS.md section. */
export function signedCallMarkdown(result) {
  const row = (label, s) =>
    `| ${label} | ${us(s.raw.medianUs)} / ${us(s.raw.p95Us)} | ${us(s.call.medianUs)} / ${us(s.call.p95Us)} | **${us(s.ownMedianUs)}** / ${us(s.ownP95Us)} | ${s.rawSignatures.toFixed(1)} | ${s.storeReads} in ${s.calls} |`
  return [
    '## Kit cost per signed call (headless Chromium, network taken out)',
    '',
    '`wallet.fetch` on a stored session against an in-page fake service that answers the 202 challenge and',
    'then the signed retry at once (bench/speed/signedCall.mjs). The kit’s own cost is the call minus the raw',
    '`crypto.subtle.sign` of a payload of the same shape, timed beside it in alternating batches; the fake',
    `service’s two Responses stay in the call. ${result.tabs} tabs = ${result.tabs} pages of one browser context`,
    'signing with the shared session at once. Target (issue 20): own cost ≤ 500 µs and ≤ 10 raw signatures, median.',
    'Key-store reads: IndexedDB reads made during the timed calls (warm-up included): a client signs with the',
    'session it holds until a write, another tab’s message, a wipe or the page coming back says to read again.',
    'The p95 moves a lot between runs on a shared machine; the tabs of one context share the browser’s threads.',
    '',
    '| setting | raw sign (median / p95) | signed call (median / p95) | kit’s own cost (median / p95) | own cost in raw signatures | key-store reads in calls |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('1 tab', result.oneTab),
    row(`${result.tabs} tabs at once`, result.manyTabs),
  ].join('\n')
}
