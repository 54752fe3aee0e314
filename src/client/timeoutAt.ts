// setTimeout's delay is a signed 32-bit count of milliseconds: a longer one fires at once.
const LONGEST_DELAY_MS = 2 ** 31 - 1

/** Options of `timeoutAt`. */
export interface TimeoutAtOptions {
  /** When to run, on the `now` clock (ms since the epoch). */
  at: number
  now: () => number
  run: () => void
}

/**
 * Runs `run` once the clock `now` reaches `at`, however far away: a delay beyond setTimeout's
 * 2^31-1 ms is waited in hops, each re-reading the clock. A time already past runs on the next
 * task. Returns cancel.
 *
 * @example
 * ```ts
 * const cancel = timeoutAt({ at: Date.parse(session.expiresAt), now: Date.now, run: showSignIn })
 * signOutButton.onclick = cancel
 * ```
 */
export function timeoutAt({ at, now, run }: TimeoutAtOptions): () => void {
  let timer: ReturnType<typeof setTimeout>
  const hop = () => {
    const left = at - now()
    // The last hop runs whatever the clock then says, as one setTimeout would (NaN: at once).
    const last = !(left > LONGEST_DELAY_MS)
    timer = setTimeout(last ? run : hop, last ? Math.max(0, left) || 0 : LONGEST_DELAY_MS)
  }
  hop()
  return () => clearTimeout(timer)
}
