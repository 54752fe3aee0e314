/**
 * Calls `tick` with the whole seconds left now and then once a second until none are left
 * (`tick(0)` last). Counts against the clock, not the number of ticks, so a throttled
 * background tab still ends on time. `msLeft`, when given, is that clock: read again at every
 * tick, so a clock that jumps (a sandbox's moved ahead) shows within a second. Returns a stop
 * function.
 */
export function countdown(
  seconds: number,
  tick: (secondsLeft: number) => void,
  msLeft?: () => number,
): () => void {
  const end = Date.now() + seconds * 1000
  const remaining = msLeft ?? (() => end - Date.now())
  let timer: ReturnType<typeof setTimeout> | undefined
  const step = () => {
    const ms = remaining()
    const left = Math.max(0, Math.ceil(ms / 1000))
    tick(left)
    if (left > 0) timer = setTimeout(step, Math.min(1000, ms - (left - 1) * 1000))
  }
  step()
  return () => clearTimeout(timer)
}
