// Runs inside the child process bench/sandbox/sandbox-customers.mjs starts (bundled by esbuild from the
// sandbox's TypeScript sources). `node child.mjs OUT.json count=N`: creates N customers in one
// in-process sandbox with POST /customers and no UMA address (the sandbox generates one), tallies
// every status, and writes the result as JSON to OUT.json.
import { writeFileSync } from 'node:fs'
import { startTestSandbox } from '../../src/testing/startTestSandbox.ts'

const [outPath, ...settings] = process.argv.slice(2)
const opts = Object.fromEntries(settings.map((s) => s.split('=')).map(([k, v]) => [k, Number(v)]))
const count = opts.count ?? 200_000
const MARK = 10_000

/** RSS and V8 heap after full GCs (four, with turns of the event loop between them). */
async function usage() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc?.()
    await new Promise((resolve) => setImmediate(resolve))
  }
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

const { sandbox, authorization, baseUrl } = await startTestSandbox({ challengeIntervalMs: 0 })
const create = (n) =>
  sandbox.fetch(
    new Request(`${baseUrl}/customers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
      body: JSON.stringify({
        customerType: 'INDIVIDUAL',
        fullName: 'Ada Lovelace',
        email: `c${n}@example.com`,
      }),
    }),
  )

const warm = await create(-1) // every code path once before the baseline
await warm.arrayBuffer()
const before = await usage()
const statuses = {}
const refusals = []
const marks = []
const start = performance.now()
let last = start
for (let i = 0; i < count; i++) {
  const response = await create(i)
  statuses[response.status] = (statuses[response.status] ?? 0) + 1
  if (response.status === 201) await response.arrayBuffer()
  else if (refusals.length < 10) refusals.push({ n: i, status: response.status, body: await response.json() })
  if ((i + 1) % MARK === 0) {
    const now = performance.now()
    marks.push({ customers: i + 1, msPer10k: now - last })
    last = now
  }
}
const elapsedMs = performance.now() - start
const after = await usage()
writeFileSync(
  outPath,
  JSON.stringify({
    count,
    node: process.version,
    gcExposed: typeof globalThis.gc === 'function',
    statuses,
    refusals,
    elapsedMs,
    perSecond: (count * 1000) / elapsedMs,
    marks,
    before,
    after,
  }),
)
