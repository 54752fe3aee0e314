/**
 * Calls `check` every animation frame until it returns (or resolves to) something other than
 * `undefined` or `null`, or `timeoutMs` passes (an error naming `what`): the scenarios wait for conditions, never
 * for fixed times.
 *
 * @example
 * ```ts
 * const input = await waitUntil(() => form.shadowRoot?.querySelector('input'), { what: 'the code field' })
 * ```
 */
export async function waitUntil<T>(
  check: () => T | undefined | null | Promise<T | undefined | null>,
  { what, timeoutMs = 10_000 }: { what: string; timeoutMs?: number },
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== null) return value
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }
}
