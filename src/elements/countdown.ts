/**
 * Calls `tick` with the whole seconds left now and then once a second until none are left
 * (`tick(0)` last). Counts against the clock, not the number of ticks, so a throttled
 * background tab still ends on time. Returns a stop function.
 */
export function countdown(seconds: number, tick: (secondsLeft: number) => void): () => void {
  const end = Date.now() + seconds * 1000
  let timer: ReturnType<typeof setTimeout> | undefined
  const step = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000))
    tick(left)
    if (left > 0) timer = setTimeout(step, Math.min(1000, end - Date.now() - (left - 1) * 1000))
  }
  step()
  return () => clearTimeout(timer)
}
