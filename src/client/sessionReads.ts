import type { StoredSession } from '../keys/createKeyStore.js'
import { resyncSession } from './resyncSession.js'
import type { SessionRecord } from './sessionRecord.js'

/**
 * The reads of a session state: its current session, from the store or (while nothing can have
 * changed the store) from memory, and a re-read on demand.
 *
 * @example
 * ```ts
 * const reads = createSessionReads(record)
 * const session = await reads.current()
 * ```
 */
export function createSessionReads(record: SessionRecord) {
  /**
   * The newest unexpired session in the store (read once per page, then checked on every call:
   * a key another tab replaced or wiped is never handed out). One whose end has passed, or that
   * the store no longer hands out near its end, is announced `expired` (once).
   */
  async function current(): Promise<StoredSession | undefined> {
    record.loading ??= record.run(async () => record.hold((await (await record.store).list())[0]))
    await record.loading
    return record.run(() =>
      record.read(async () => {
        record.clock.check()
        const held = record.current
        if (held && !(await (await record.store).get(held.key.publicKey))) {
          // Expired (with the store's margin), replaced by another tab's refresh, or wiped.
          await resyncSession(record, false)
          if (record.current === held) record.hold(undefined)
        }
        return record.current
      }),
    )
  }

  return {
    current,
    /**
     * `current()` for a signature: without a read of the store while nothing can have changed it
     * since the last one (no message from another tab or document, no write, no change in flight
     * here), else `current()`. Its end is read on the clock either way.
     */
    async held(): Promise<StoredSession | undefined> {
      if (!record.fresh() || record.disposed) return current()
      record.clock.check()
      return record.current
    },
    /** Re-reads the store now (another tab may have changed it) and returns the current session. */
    async sync(): Promise<StoredSession | undefined> {
      await record.loading
      return record.run(() =>
        record.read(async () => {
          record.clock.check()
          await resyncSession(record, false)
          return record.current
        }),
      )
    },
  }
}
