// What the signer benches share: the bench page bundled for the browser, the two origins of
// bench/signer/signerServers.mjs (bundled for Node, the kit's TypeScript sources inside), and Chromium.
import { access } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../../test/browser/chromium.mjs'
import { bundleChild } from '../shared/bundleChild.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const OUT = fileURLToPath(new URL('../out/signer/', import.meta.url))
const SIGNER_DIR = new URL('../../dist/signer-document/', import.meta.url)

async function pageScript() {
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/signer/signerCallPage.mjs'],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: 'bench/out/signer',
  })
  return outputFiles[0].text
}

/**
 * Starts the app and signer origins (the signer from dist/signer-document/: `npm run build` first)
 * and Chromium. Returns `{ app, signer, signerUrl, counts, browser, open(context, origin, path),
 * close() }`; `open` resolves once the bench page's functions are there.
 *
 * @example
 * ```js
 * const bench = await startSignerBench()
 * try { const page = await bench.open(await bench.browser.newContext(), bench.app) } finally { await bench.close() }
 * ```
 */
export async function startSignerBench() {
  await access(new URL('signer.js', SIGNER_DIR)).catch(() => {
    throw new Error('signer bench: no dist/signer-document/signer.js: run `npm run build` first')
  })
  const servers = await bundleChild('bench/signer/signerServers.mjs', `${OUT}servers.mjs`)
  const { startSignerServers } = await import(pathToFileURL(servers).href)
  const started = await startSignerServers({ pageJs: await pageScript(), signerDir: SIGNER_DIR })
  const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions })
  return {
    ...started,
    signerUrl: `${started.signer}/signer.html`,
    browser,
    async open(context, origin, path = '/') {
      const page = await context.newPage()
      await page.goto(`${origin}${path}`)
      await page.waitForFunction(() => typeof globalThis.runSignerCalls === 'function')
      return page
    },
    async close() {
      await browser.close()
      await started.close()
    },
  }
}
