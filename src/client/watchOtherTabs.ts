import { resyncSession } from './resyncSession.js'
import type { SessionRecord } from './sessionRecord.js'

/** What a tab tells the others on the key store's channel; they re-read the store themselves. */
export type TabMessage = { type: 'adopt' | 'refresh' | 'forget' }

/**
 * Once the store is open, re-reads it whenever another document may have changed it: a message
 * from another tab on the database's BroadcastChannel, or the store's own report of a wipe.
 * Feature-detected: without BroadcastChannel, other tabs still find a vanished key on their next
 * read of the store (every stamp reads it), they only hear of it later.
 *
 * @example
 * ```ts
 * watchOtherTabs(record)
 * // later: record.channel?.close(); record.unsubscribe?.()
 * ```
 */
export function watchOtherTabs(record: SessionRecord): void {
  const resync = (announced: boolean) => {
    record.changed()
    record.run(() => resyncSession(record, announced)).catch(() => {})
  }
  void record.store.then(
    (keyStore) => {
      if (record.disposed) return
      // A wipe (or a newer kit's upgrade) from another document: whatever this tab held may be gone.
      const stopExternal = keyStore.onExternalChange?.(() => resync(true))
      const stopWrites = keyStore.onWrite?.(record.changed)
      record.unsubscribe = () => {
        stopExternal?.()
        stopWrites?.()
      }
      record.trust(stopWrites !== undefined && keyStore.persistence === 'memory')
      if (!keyStore.databaseName || typeof BroadcastChannel !== 'function') return
      const channel = new BroadcastChannel(`embedded-wallet-auth:${keyStore.databaseName}`)
      record.channel = channel
      record.trust(stopWrites !== undefined)
      channel.onmessage = (event: MessageEvent<TabMessage>) => resync(event.data?.type === 'forget')
    },
    () => {},
  )
}
