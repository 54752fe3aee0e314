import type { SessionMetadata } from '../keys/createKeyStore.js'
import type { SessionKey } from '../keys/sessionKey.js'
import { adoptSession } from './adoptSession.js'
import type { SessionRecord } from './sessionRecord.js'
import type { SignOutOrigin } from './walletAuthEvent.js'
import type { TabMessage } from './watchOtherTabs.js'

/**
 * The changes a session state makes to its store, queued behind every other change: a session
 * adopted, a key forgotten, a session expired. The other tabs and this page's listeners are told.
 *
 * @example
 * ```ts
 * const writes = createSessionWrites(record)
 * await writes.adopt(key, metadata, 'signed-in')
 * ```
 */
export function createSessionWrites(record: SessionRecord) {
  return {
    /** Saves `key` as the current session after a sign-in or a refresh (`event`). */
    adopt(key: SessionKey, metadata: SessionMetadata, event: 'signed-in' | 'refreshed') {
      return adoptSession(record, key, metadata, event)
    },
    /**
     * Deletes the key `publicKey` (default the current one); when it was the current one, this
     * page is signed out (`origin` default `here`) and the other tabs are told.
     */
    async forget(publicKey?: string, origin: SignOutOrigin = 'here') {
      return record.run(async () => {
        const target = publicKey ?? record.current?.key.publicKey
        if (target) await (await record.store).delete(target)
        if (!publicKey || publicKey === record.current?.key.publicKey) {
          record.hold(undefined)
          record.channel?.postMessage({ type: 'forget' } satisfies TabMessage)
          record.emit({ type: 'signed-out', origin })
        }
      })
    },
    /**
     * The session `publicKey` has run out of time (too close to its end to sign): its key is
     * deleted and, when it was the current one, this page hears `expired` (once). Other tabs read
     * the end on their own clocks.
     */
    async expire(publicKey: string) {
      return record.run(async () => {
        await (await record.store).delete(publicKey).catch(() => {})
        if (publicKey === record.current?.key.publicKey) record.clock.expire()
      })
    },
  }
}
