/** The service's clock as this page knows it: its offset from the device's, once learned. */
export interface ServiceClock {
  /** The service's clock minus this device's, in ms, `undefined` before one is known. */
  offsetMs(): number | undefined
  /** Takes `offsetMs` (when defined) as the newest measure: the device clock may have been set since. */
  learn(offsetMs: number | undefined): void
  /** Takes `offsetMs` only while none is known (a stored session's, older than any measure here). */
  assume(offsetMs: number | undefined): void
  /** The service's time by the offset learned so far, `undefined` before one is known. */
  now(): number | undefined
}

/**
 * The service's clock on the device clock `now`, unknown until a session (issued to this page, or
 * stored) says how far apart they are.
 *
 * @example
 * ```ts
 * const clock = createServiceClock(Date.now)
 * clock.learn(session.clockOffsetMs)
 * const challengeClock = () => clock.now() // for withWalletSignature's `now`
 * ```
 */
export function createServiceClock(now: () => number): ServiceClock {
  let offset: number | undefined
  return {
    offsetMs: () => offset,
    learn(offsetMs) {
      if (offsetMs !== undefined) offset = offsetMs
    },
    assume(offsetMs) {
      if (offset === undefined) offset = offsetMs
    },
    now: () => (offset === undefined ? undefined : now() + offset),
  }
}
