// The sandbox at scale: 200,000 customers created in one in-process sandbox, none given a UMA
// address (the sandbox generates one from the customer id), and not one refused: a generated
// address once carried 32 random bits and collided (409 UMA_ADDRESS_EXISTS) about once in a
// hundred by 10k customers. Also the time and memory they take. Too long for `npm test`; run by
// `npm run bench` (bench/run.mjs) or alone: `node bench/sandbox/sandbox-customers.mjs [--count=N]`.
// The child: bench/sandbox/sandbox-customers-child.mjs, bundled from src/ and started with --expose-gc.
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { runChild } from '../shared/bundleChild.mjs'

const OUT = fileURLToPath(new URL('../out/sandbox-customers/', import.meta.url))

/** Customers of the default run. */
export const CUSTOMERS_DEFAULT = 200_000

/**
 * Creates `count` customers in a fresh child and returns its tally, time and memory; throws when
 * any answer was not 201 (a spurious 409 is what this bench is for).
 */
export async function measureCustomers({ count = CUSTOMERS_DEFAULT } = {}) {
  const loadBefore = os.loadavg()[0]
  const run = await runChild('bench/sandbox/sandbox-customers-child.mjs', {
    outDir: OUT,
    nodeArgs: ['--expose-gc', '--max-old-space-size=4096'],
    args: [`count=${count}`],
  })
  // The child runs unpinned: say how busy the machine was, which the time depends on.
  const load = { before: loadBefore, after: os.loadavg()[0], cpus: os.cpus().length }
  const result = { ...run, load }
  if (result.statuses['201'] !== count) {
    throw new Error(
      `customers bench: ${count} created, answers ${JSON.stringify(result.statuses)}; first refusals: ` +
        JSON.stringify(result.refusals),
    )
  }
  return result
}

const int = (n) => Math.round(n).toLocaleString('en-US')
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1)

/** The section of bench/BENCHMARKS.md. */
export function customersMarkdown(result) {
  const { count, statuses, elapsedMs, perSecond, marks, before, after } = result
  const answers = Object.entries(statuses)
    .map(([status, n]) => `${int(n)} × ${status}`)
    .join(', ')
  return [
    '## Sandbox at 200k customers (Node, in-process)',
    '',
    `**${int(count)} customers created, answers: ${answers}** (no 409 \`UMA_ADDRESS_EXISTS\`: a ` +
      'generated UMA address carries the 122 random bits of the customer id). Each is `POST /customers` ' +
      'with no UMA address, straight to `sandbox.fetch` (no relay, no network), one at a time, in a fresh ' +
      `child with \`--expose-gc\`, ${result.node}, load average ${result.load.before.toFixed(1)} → ` +
      `${result.load.after.toFixed(1)} on ${result.load.cpus} CPUs. Created in **${(elapsedMs / 1000).toFixed(1)} s** ` +
      `(${int(perSecond)} customers/s); ms per 10,000 in order: ${marks.map((m) => int(m.msPer10k)).join(', ')}. ` +
      `Memory after four full GCs: RSS ${mb(before.rss)} → **${mb(after.rss)} MB** ` +
      `(≈ ${int((after.rss - before.rss) / count)} B per customer with its embedded wallet and EMAIL_OTP ` +
      `credential), V8 heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB.`,
    '',
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const countArg = process.argv.find((arg) => arg.startsWith('--count='))?.slice(8)
  const result = await measureCustomers(countArg ? { count: Number(countArg) } : {})
  console.log(customersMarkdown(result))
}
