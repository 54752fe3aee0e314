import { onPageReturn } from './onPageReturn.js'
import { resyncSession } from './resyncSession.js'
import type { SessionRecord } from './sessionRecord.js'

/**
 * Timers do not run while a device sleeps or a tab is frozen: back, the page reads the clock and
 * the store (a message from another tab may have been missed meanwhile). Returns the function
 * that stops watching the page.
 *
 * @example
 * ```ts
 * const stopWatchingPage = resumeOnPageReturn(record)
 * ```
 */
export function resumeOnPageReturn(record: SessionRecord): () => void {
  return onPageReturn(() => {
    record.changed()
    if (!record.loading || record.disposed) return
    record
      .run(async () => {
        record.clock.resume()
        if (record.current) await resyncSession(record, false)
      })
      .catch(() => {})
  })
}
