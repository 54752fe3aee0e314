// Memory and creation time of N accounts in one sandbox: each a customer with its embedded wallet
// and EMAIL_OTP credential, created as the test harness does (POST /customers, GET its wallet, GET
// its credentials). Runs in its own child process, started with --expose-gc (bundled).
import { createCustomer, startSandbox } from './sandbox-harness.mjs'

/**
 * Memory after full GCs (when exposed): RSS and the V8 heap, in bytes. Several, with turns of the
 * event loop between them: what the first frees can hold finalizers (undici's bodies) that free more.
 */
async function usage() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc?.()
    await new Promise((resolve) => setImmediate(resolve))
  }
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  return { rss, heapUsed, heapTotal, external, arrayBuffers }
}

export async function measureMemory({ memoryCustomers }) {
  const atStart = await usage() // the kit, the sandbox and their npm packages loaded, no sandbox yet
  const s = await startSandbox()
  await createCustomer(s, -1) // run every code path of the loop once before the baseline
  const before = await usage()
  const marks = []
  const start = performance.now()
  let last = start
  for (let i = 0; i < memoryCustomers; i++) {
    await createCustomer(s, i)
    if ((i + 1) % 1000 === 0) {
      s.reset() // the relay's own per-request records are not the sandbox's memory
      const now = performance.now()
      marks.push({ accounts: i + 1, msPer1000: now - last })
      last = now
    }
  }
  const elapsedMs = performance.now() - start
  s.reset()
  const after = await usage()
  return {
    accounts: memoryCustomers,
    gcExposed: typeof globalThis.gc === 'function',
    atStart,
    before,
    after,
    perAccountBytes: {
      rss: (after.rss - before.rss) / memoryCustomers,
      heapUsed: (after.heapUsed - before.heapUsed) / memoryCustomers,
    },
    creation: { elapsedMs, perSecond: (memoryCustomers * 1000) / elapsedMs, marks },
  }
}
