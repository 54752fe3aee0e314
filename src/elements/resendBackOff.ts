import { isWalletAuthError } from '../errors.js'
import { countdown } from './countdown.js'
import { fillIn } from './messages.js'

/** The back-off of a send or resend button after a 429 (see `resendBackOff`). */
export interface ResendBackOff {
  /** Seconds left before the button may send again (0: it may). */
  readonly secondsLeft: number
  /** Starts the countdown when `error` is a 429 with `Retry-After`; anything else is left alone. */
  startFrom(error: unknown): void
  /** Counts down `seconds` before the next send (after one that worked), unless a longer wait runs. */
  wait(seconds: number): void
  /** Ends it now (the element left the page or started over). */
  stop(): void
  /** The button's label and state: `idle`, or `waiting` with its `{seconds}`; disabled while waiting or `busy`. */
  paint(button: HTMLButtonElement | undefined, idle: string, waiting: string, busy: boolean): void
}

/**
 * The countdown of a send or resend button after a 429: the seconds of `Retry-After`, shown and
 * counted down through `show` (which calls `paint`), then `onEnd` (to clear the 429's sentence).
 * Shared by the OTP form and the SCA step.
 *
 * @example
 * ```ts
 * const backOff = resendBackOff({ show: () => backOff.paint(button, 'Resend', 'Resend in {seconds} s', false), onEnd: clear })
 * backOff.startFrom(error) // a 429 with Retry-After: 30
 * backOff.wait(30) // a code just went out: the next one no sooner than the service allows
 * ```
 */
export function resendBackOff({
  show,
  onEnd,
  now = Date.now,
}: {
  show: () => void
  onEnd: () => void
  /** The clock counted on (the client's): a sandbox's moved ahead ends the wait as the service's does. */
  now?: () => number
}): ResendBackOff {
  let left = 0
  let stopCountdown: (() => void) | undefined
  // `refused`: the wait follows a 429, whose sentence goes when it ends.
  const run = (from: number, refused: boolean) => {
    stopCountdown?.()
    const end = now() + from * 1000
    stopCountdown = countdown(
      from,
      (seconds) => {
        const ended = seconds === 0 && left > 0
        left = seconds
        show()
        if (ended && refused) onEnd()
      },
      () => end - now(),
    )
  }
  return {
    get secondsLeft() {
      return left
    },
    startFrom(error) {
      if (!isWalletAuthError(error, 'RATE_LIMITED') || !error.retryAfter) return
      run(error.retryAfter, true)
    },
    wait(seconds) {
      if (seconds > left) run(seconds, false)
    },
    stop() {
      stopCountdown?.()
      stopCountdown = undefined
      left = 0
    },
    paint(button, idle, waiting, busy) {
      if (!button) return
      button.textContent = left > 0 ? fillIn(waiting, { seconds: left }) : idle
      button.disabled = left > 0 || busy
    },
  }
}
