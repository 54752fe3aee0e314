// Issue 26's figures of signer mode, together: a signed call that moves nothing in both modes,
// the page's client bundle in signer mode, the signer document's first load. Written into
// BENCHMARKS.md after the signed-call section by `npm run bench`, or on their own into the
// existing file by `node bench/run.mjs --signer-only`.
import os from 'node:os'
import { measureSignerCall, signerCallMarkdown } from './signerCall.mjs'
import { measureSignerClientSize, signerClientSizeMarkdown } from './signerClientSize.mjs'
import { measureSignerLoad, signerLoadMarkdown } from './signerLoad.mjs'

/** Measures the three; `step(what, measure)` reports each as run.mjs does. */
export async function measureSigner(step = (_what, measure) => measure()) {
  const size = await step('signer-mode client size', () => measureSignerClientSize())
  const call = await step('signer-mode signed call in Chromium', () => measureSignerCall())
  const load = await step('signer document first load in Chromium', () => measureSignerLoad())
  return {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => n.toFixed(2)),
    chromium: call.chromium,
    size,
    call,
    load,
  }
}

/** The three sections' titles, in order: what `spliceSignerSections` replaces. */
const TITLE =
  /^## (A signed call that moves nothing|The page’s client bundle in signer mode|The signer document’s first load)/

/** The three sections as Markdown, each after a line saying when it was measured. */
export function signerMarkdown(result) {
  const when = `Measured ${result.date}, Chromium ${result.chromium}, load average after ${result.loadAverage.join(' / ')}.`
  const withWhen = (section) => {
    const [title, ...rest] = section.split('\n')
    return [title, '', when, ...rest].join('\n')
  }
  return [
    withWhen(signerCallMarkdown(result.call)),
    withWhen(signerClientSizeMarkdown(result.size)),
    withWhen(signerLoadMarkdown(result.load)),
  ].join('\n\n')
}

/**
 * `markdown` (a BENCHMARKS.md) with its signer-mode sections replaced by `sections`, or, where it
 * has none, with them put before the section titled `before`.
 */
export function spliceSignerSections(markdown, sections, before) {
  const lines = markdown.split('\n')
  const isTitle = (line) => line.startsWith('## ')
  const kept = []
  let at = -1
  let skipping = false
  for (const line of lines) {
    if (isTitle(line)) {
      skipping = TITLE.test(line)
      if (skipping && at < 0) at = kept.length
    }
    if (!skipping) kept.push(line)
  }
  if (at < 0) at = kept.indexOf(before)
  if (at < 0) at = kept.length
  kept.splice(at, 0, ...sections.split('\n'), '')
  return kept.join('\n')
}
