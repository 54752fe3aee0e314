// Speed in headless Chromium, one run: signing (raw WebCrypto, our stamp, the peer's two stampers),
// OTP encryption and sealed-key opening next to the peer's, in one page (bench/speed/page.mjs); then
// restoring a session key from IndexedDB on page load, over many fresh documents
// (bench/speed/restorePage.mjs). The tables are in bench/speed/speedMarkdown.mjs.
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../../test/browser/chromium.mjs'
import { measureRestore } from './restoreOnLoad.mjs'
import { servePages } from './servePages.mjs'
import { speedRatios } from './speedTargets.mjs'

export { speedMarkdown } from './speedMarkdown.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const LAUNCH = { headless: true, ...chromiumLaunchOptions }

const html = (script) =>
  `<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/${script}"></script>`

/** The two pages, bundled as an app would ship them (minified, dependencies included). */
async function bundlePages() {
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/speed/page.mjs', 'bench/speed/restorePage.mjs'],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: 'bench/out/page',
  })
  const scripts = Object.fromEntries(outputFiles.map((file) => [basename(file.path), file.text]))
  return {
    '/': ['text/html', html('page.js')],
    '/page.js': ['text/javascript', scripts['page.js']],
    '/restore.html': ['text/html', html('restorePage.js')],
    '/restorePage.js': ['text/javascript', scripts['restorePage.js']],
  }
}

/**
 * Builds and serves the bench pages, runs them in Chromium and returns the timings plus the browser
 * version. Options: `iterations`, `warmup`, `batch` (signing ops), `hpkeIterations`, `hpkeWarmup`,
 * `hpkeBatch` (OTP and sealed-key ops; default a quarter of the signing counts), `restoreLoads`,
 * `restoreWarmupLoads` (page loads per side for the restore). Besides each op's `{ n, medianUs,
 * p95Us, meanUs }` it returns the ratios of medians (`vsRaw`, `vsOurs`) and the issue's `targets`.
 */
export async function measureSpeed(options = {}) {
  const { restoreLoads = 30, restoreWarmupLoads = 4, ...pageOptions } = options
  const server = await servePages(await bundlePages())
  const origin = `http://localhost:${server.address().port}`
  const browser = await chromium.launch(LAUNCH)
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error))
    await page.goto(`${origin}/`)
    await page.waitForFunction(() => typeof globalThis.runBench === 'function')
    const result = await page.evaluate((opts) => globalThis.runBench(opts), pageOptions)
    if (errors.length) throw errors[0]
    await page.close()
    const restore = await measureRestore(browser, origin, {
      loads: restoreLoads,
      warmupLoads: restoreWarmupLoads,
    })
    return { chromium: browser.version(), ...result, ...speedRatios(result), restore }
  } finally {
    await browser.close()
    server.close()
  }
}
