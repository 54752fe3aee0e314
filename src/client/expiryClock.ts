import type { StoredSession } from '../keys/createKeyStore.js'
import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import { timeoutAt } from './timeoutAt.js'

/** Options of `createExpiryClock`. */
export interface ExpiryClockOptions {
  /** The device's clock; a session's end is read on it corrected by the session's `clockOffsetMs`. */
  now: () => number
  /** `onExpiringSoon` runs this long before the end. */
  expiringSoonMs: number
  /** When set, `onRefreshDue` runs this long before the end. */
  refreshBeforeMs?: number
  onExpiringSoon(session: StoredSession): void
  onRefreshDue(session: StoredSession): void
  onExpired(session: StoredSession): void
}

type Step = 'expiring-soon' | 'refresh' | 'expired'

/**
 * Times the end of one session at a time: expiring soon, refresh due (when asked) and expired,
 * each run at most once per watched session. Timers say when, but a device that slept ran none of
 * them: `check` (before a use) and `resume` (when the page comes back) read the clock itself.
 *
 * @example
 * ```ts
 * const clock = createExpiryClock({ now: Date.now, expiringSoonMs: 60_000, onExpiringSoon: warn,
 *   onRefreshDue: () => {}, onExpired: showSignIn })
 * clock.watch(session)
 * document.addEventListener('visibilitychange', () => clock.resume())
 * ```
 */
export function createExpiryClock(options: ExpiryClockOptions) {
  let watched: StoredSession | undefined
  let done = new Set<Step>()
  let cancels: Array<() => void> = []

  const stopTimers = () => {
    for (const cancel of cancels) cancel()
    cancels = []
  }

  function step(name: Step, session: StoredSession) {
    if (watched !== session || done.has(name)) return
    done.add(name)
    if (name === 'expired') {
      watched = undefined
      stopTimers()
      options.onExpired(session)
    } else if (name === 'expiring-soon') options.onExpiringSoon(session)
    else options.onRefreshDue(session)
  }

  function arm() {
    stopTimers()
    const session = watched
    if (!session) return
    const now = options.now()
    // The end on this device's clock: expiresAt is on the service's.
    const end = now + msUntilExpiry(session, now)
    const at = (before: number, name: Step) => {
      if (done.has(name)) return
      cancels.push(timeoutAt({ at: end - before, now: options.now, run: () => step(name, session) }))
    }
    at(options.expiringSoonMs, 'expiring-soon')
    at(0, 'expired')
    if (options.refreshBeforeMs !== undefined) at(options.refreshBeforeMs, 'refresh')
  }

  const check = () => {
    // An unreadable expiresAt (NaN) has ended.
    if (watched && !(msUntilExpiry(watched, options.now()) > 0)) step('expired', watched)
  }

  return {
    /** The session timed (`undefined` for none): its steps start over. */
    watch(session: StoredSession | undefined) {
      watched = session
      done = new Set()
      arm()
    },
    /** Ends the watched session now (`onExpired`, once). */
    expire() {
      if (watched) step('expired', watched)
    },
    /** Runs `onExpired` (once) if the watched session's end has passed by the clock. */
    check,
    /**
     * After the page was away (hidden, frozen, asleep): ends the session if its end has passed,
     * else sets the timers again from the clock, running at once a step whose time came meanwhile.
     */
    resume() {
      check()
      arm()
    },
  }
}

/** A clock made by `createExpiryClock`. */
export type ExpiryClock = ReturnType<typeof createExpiryClock>
