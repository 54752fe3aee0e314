// The signer document's first load in headless Chromium: its module's size as served, and, over
// several cold loads (each in a new browser context, so nothing is cached), the time from the
// iframe's creation to its load event and to the signer's `ready` on the channel, and from
// `createWalletAuth({ signer })` to the answer of its first call. Origins as bench/signer/signerCall.mjs.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { stats } from '../shared/timing.mjs'
import { startSignerBench } from './signerBench.mjs'

const SIGNER_JS = new URL('../../dist/signer-document/signer.js', import.meta.url)

/** Runs `loads` cold loads of each kind (default 15); returns the sizes and µs stats of each time. */
export async function measureSignerLoad({ loads = 15 } = {}) {
  const bench = await startSignerBench()
  try {
    const times = { loadedMs: [], readyMs: [], firstCallMs: [] }
    const cold = async (fn) => {
      const context = await bench.browser.newContext()
      try {
        const page = await bench.open(context, bench.app)
        return await page.evaluate(fn, { signerUrl: bench.signerUrl })
      } finally {
        await context.close()
      }
    }
    for (let i = 0; i < loads; i++) {
      const { loadedMs, readyMs } = await cold((o) => globalThis.loadSigner(o))
      times.loadedMs.push(loadedMs)
      times.readyMs.push(readyMs)
      times.firstCallMs.push((await cold((o) => globalThis.firstSignerCall(o))).firstCallMs)
    }
    const signerJs = readFileSync(SIGNER_JS)
    return {
      loads,
      signerJs: { bytes: signerJs.length, gzip: gzipSync(signerJs, { level: 9 }).length },
      loaded: stats(times.loadedMs),
      ready: stats(times.readyMs),
      firstCall: stats(times.firstCallMs),
    }
  } finally {
    await bench.close()
  }
}

const ms = (us) => `${(us / 1000).toFixed(1)} ms`
const bytes = (n) => `${n.toLocaleString('en-US')} B`

/** The BENCHMARKS.md section. */
export function signerLoadMarkdown(result) {
  const row = (label, s) => `| ${label} | ${ms(s.medianUs)} | ${ms(s.p95Us)} |`
  return [
    '## The signer document’s first load (headless Chromium)',
    '',
    `dist/signer-document/signer.js, the one module the signer document runs (pinned by its integrity): ${bytes(result.signerJs.bytes)},`,
    `${bytes(result.signerJs.gzip)} gzip (-9). \`serveSigner\` sends it uncompressed and \`no-cache\`: a deployment that compresses it`,
    `sends the gzip figure. ${result.loads} cold loads of each kind, each in a new browser context (nothing cached), the`,
    'signer on its own localhost port framed by the app’s page, as in the signed-call measure above. The frame is',
    'created as the client creates it; `ready` is the signer’s first message on the channel, after it read its',
    '`signer-config.json`, checked who frames it and took the page’s connect message (posted at the load event).',
    '',
    '| from the iframe’s creation (or the client’s) to | median | p95 |',
    '| --- | ---: | ---: |',
    row('the frame’s load event', result.loaded),
    row('the signer’s `ready`', result.ready),
    row('`createWalletAuth({ signer })` to its first answer (`sessions.current()`)', result.firstCall),
  ].join('\n')
}
