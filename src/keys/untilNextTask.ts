/**
 * A check that stays true until the page runs a task after the one it was made in: until then no
 * message from another tab, no event and no timer can have reached the page, so what it read in
 * this task is as fresh as anything it could know. The end is a message posted to itself, which a
 * background tab does not throttle as it does timers. Always false where MessageChannel is missing.
 *
 * @example
 * ```ts
 * const sessions = await readStore()
 * const current = untilNextTask()
 * const list = () => (current() ? sessions : readStore())
 * ```
 */
export function untilNextTask(): () => boolean {
  if (typeof MessageChannel !== 'function') return () => false
  let current = true
  const { port1, port2 } = new MessageChannel()
  port1.onmessage = () => {
    current = false
    port1.close()
    port2.close()
  }
  port2.postMessage(null)
  return () => current
}
