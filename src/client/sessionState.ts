import type { KeyStore } from '../keys/createKeyStore.js'
import { refreshLock } from './refreshLock.js'
import { resumeOnPageReturn } from './resumeOnPageReturn.js'
import { createSessionReads } from './sessionReads.js'
import { createSessionRecord } from './sessionRecord.js'
import { createSessionWrites } from './sessionWrites.js'
import type { WalletAuthEvent } from './walletAuthEvent.js'
import { watchOtherTabs } from './watchOtherTabs.js'

export type { SignOutOrigin, WalletAuthEvent } from './walletAuthEvent.js'

export interface SessionStateOptions {
  keyStore?: KeyStore | Promise<KeyStore>
  now: () => number
  /** `expiring-soon` fires this long before expiry. */
  expiringSoonMs: number
  /** When set, the session is refreshed this long before expiry. */
  refreshBeforeMs?: number
  refresh: () => Promise<unknown>
}

/**
 * The current session of a client: kept in the key store, announced to listeners, and timed
 * (expiring soon, expired, automatic refresh). Tabs on the same IndexedDB database tell each other
 * of sign-ins, refreshes and sign-outs on a BroadcastChannel named after it; each re-reads the
 * store and announces the change to its own listeners. The session's end is read on the clock
 * before every use and whenever the page comes back, whatever the page's timers did meanwhile.
 */
export function createSessionState(options: SessionStateOptions) {
  const record = createSessionRecord(options)
  watchOtherTabs(record)
  const stopWatchingPage = resumeOnPageReturn(record)

  return {
    store: record.store,
    ...createSessionReads(record),
    ...createSessionWrites(record),
    /**
     * Runs `run` while holding this database's refresh lock: a Web Lock shared by every tab of the
     * origin where `navigator.locks` exists, else a lock of this page.
     */
    async refreshLock<T>(run: () => Promise<T>): Promise<T> {
      return refreshLock(await record.store, run)
    },
    onChange(listener: (event: WalletAuthEvent) => void): () => void {
      record.listeners.add(listener)
      return () => record.listeners.delete(listener)
    },
    /** Stops the timers, removes the page's listeners, and drops the listeners. */
    dispose() {
      record.disposed = true
      record.clock.watch(undefined)
      stopWatchingPage()
      record.listeners.clear()
      record.channel?.close()
      record.channel = undefined
      record.unsubscribe?.()
    },
  }
}

export type SessionState = ReturnType<typeof createSessionState>
