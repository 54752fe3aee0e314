import type { SessionMetadata, StoredSession } from '../keys/createKeyStore.js'
import type { SessionKey } from '../keys/sessionKey.js'
import type { SessionRecord } from './sessionRecord.js'
import type { TabMessage } from './watchOtherTabs.js'

/**
 * Saves `key` as the current session after a sign-in or a refresh (`event`), deletes the key it
 * replaces, and tells the other tabs and this page's listeners; queued behind the other changes.
 *
 * @example
 * ```ts
 * const saved = await adoptSession(record, key, metadata, 'signed-in')
 * ```
 */
export async function adoptSession(
  record: SessionRecord,
  key: SessionKey,
  metadata: SessionMetadata,
  event: 'signed-in' | 'refreshed',
): Promise<StoredSession> {
  await record.loading
  return record.run(async () => {
    const previous = record.current
    record.loading ??= Promise.resolve()
    let saved: StoredSession
    try {
      saved = await (await record.store).save(key, metadata)
    } catch (error) {
      // Not saved (quota, storage gone). After a sign-in the previous session is still valid and
      // stays; a refresh has ended it on the service, so its key must not sign again.
      if (event === 'refreshed' && previous) {
        await (await record.store).delete(previous.key.publicKey).catch(() => {})
        record.hold(undefined)
        record.channel?.postMessage({ type: 'forget' } satisfies TabMessage)
        record.emit({ type: 'signed-out', origin: 'service' })
      }
      throw error
    }
    if (previous && previous.key.publicKey !== key.publicKey)
      await (await record.store).delete(previous.key.publicKey)
    record.hold(saved)
    record.channel?.postMessage({ type: event === 'refreshed' ? 'refresh' : 'adopt' } satisfies TabMessage)
    record.emit({ type: event, session: saved })
    return saved
  })
}
