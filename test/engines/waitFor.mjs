// Polls a condition until it gives a value: what starting browsers and drivers need instead of sleeps.
import { setTimeout as delay } from 'node:timers/promises'

/**
 * Calls `check` every `intervalMs` until it returns something other than `undefined` (answered),
 * throws (rethrown), or `timeoutMs` passes (an error naming `what`).
 *
 * @example
 * ```js
 * const port = await waitFor(() => readPort(), { timeoutMs: 10_000, what: 'the driver to listen' })
 * ```
 * @template T
 * @param {() => T | undefined | Promise<T | undefined>} check
 * @param {{ timeoutMs: number, what: string, intervalMs?: number }} options
 * @returns {Promise<T>}
 */
export async function waitFor(check, { timeoutMs, what, intervalMs = 50 }) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await delay(intervalMs)
  }
}
