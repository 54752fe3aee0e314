// Stamp vs raw WebCrypto signing, timed in headless Chromium.
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../test/browser/chromium.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const LAUNCH = { headless: true, ...chromiumLaunchOptions }

const HTML =
  '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/page.js"></script>'

/** Serves the page and its bundle on localhost: WebCrypto needs a secure context, which localhost is. */
async function serve(script) {
  const server = createServer((req, res) => {
    const [type, body] =
      req.url === '/page.js' ? ['text/javascript', script] : req.url === '/' ? ['text/html', HTML] : []
    if (!body) return res.writeHead(404).end()
    res.writeHead(200, {
      'Content-Type': `${type}; charset=utf-8`,
      // Cross-origin isolation sharpens performance.now() from 100 µs to 5 µs steps.
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    })
    res.end(body)
  })
  await new Promise((resolve) => server.listen(0, 'localhost', resolve))
  return server
}

/** Builds the bench page, runs it in Chromium and returns its timings plus the browser version. */
export async function measureSpeed(options = {}) {
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/page.mjs'],
    bundle: true,
    minify: true, // as an app would ship it
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: 'bench/out/page',
  })
  const server = await serve(outputFiles[0].text)
  const browser = await chromium.launch(LAUNCH)
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error))
    await page.goto(`http://localhost:${server.address().port}/`)
    await page.waitForFunction(() => typeof globalThis.runBench === 'function')
    const result = await page.evaluate((opts) => globalThis.runBench(opts), options)
    if (errors.length) throw errors[0]
    return { chromium: browser.version(), ...result }
  } finally {
    await browser.close()
    server.close()
  }
}
