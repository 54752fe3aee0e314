/** The sandbox's time: real by default, or set and moved by tests. */
export interface SandboxClock {
  /** Milliseconds since the epoch, as the sandbox sees them. */
  now(): number
  /** Moves the sandbox's time forward (e.g. past a 5-minute expiry) without waiting. */
  advance(milliseconds: number): void
  /** Sets the sandbox's time. */
  set(epochMilliseconds: number): void
}

/**
 * A clock that starts at `start` (default: the real time) and then follows real time, shifted by
 * every `advance` and `set`.
 *
 * @example
 * ```ts
 * const clock = createClock(Date.parse('2026-01-01T00:00:00Z'))
 * clock.advance(6 * 60_000) // a "long payment" has now completed
 * ```
 */
export function createClock(start?: number | (() => number)): SandboxClock {
  const base = typeof start === 'function' ? start : Date.now
  let offset = typeof start === 'number' ? start - Date.now() : 0
  return {
    now: () => base() + offset,
    advance: (milliseconds) => {
      offset += milliseconds
    },
    set: (epochMilliseconds) => {
      offset = epochMilliseconds - base()
    },
  }
}
