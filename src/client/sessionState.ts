import {
  createKeyStore,
  type KeyStore,
  type SessionMetadata,
  type StoredSession,
} from '../keys/createKeyStore.js'
import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import type { SessionKey } from '../keys/sessionKey.js'

/** What `onChange` listeners hear. */
export type WalletAuthEvent =
  | { type: 'signed-in'; session: StoredSession }
  | { type: 'refreshed'; session: StoredSession }
  | { type: 'expiring-soon'; session: StoredSession }
  | { type: 'expired'; session: StoredSession }
  | { type: 'signed-out' }

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
 * (expiring soon, expired, automatic refresh).
 */
export function createSessionState(options: SessionStateOptions) {
  const store = Promise.resolve(options.keyStore ?? createKeyStore({ now: options.now }))
  const listeners = new Set<(event: WalletAuthEvent) => void>()
  let current: StoredSession | undefined
  // One read of the store per page, shared by every caller that arrives while it runs.
  let loading: Promise<void> | undefined
  let timers: ReturnType<typeof setTimeout>[] = []

  const emit = (event: WalletAuthEvent) => {
    for (const listener of listeners) listener(event)
  }

  function schedule(session: StoredSession | undefined) {
    for (const timer of timers) clearTimeout(timer)
    timers = []
    if (!session) return
    const remaining = msUntilExpiry(session, options.now())
    const at = (delay: number, run: () => void) => timers.push(setTimeout(run, Math.max(0, delay)))
    at(remaining - options.expiringSoonMs, () => emit({ type: 'expiring-soon', session }))
    at(remaining, () => {
      if (current === session) current = undefined
      emit({ type: 'expired', session })
    })
    if (options.refreshBeforeMs !== undefined) {
      at(remaining - options.refreshBeforeMs, () => {
        // A failed automatic refresh leaves the session to expire, which listeners hear.
        options.refresh().catch(() => {})
      })
    }
  }

  return {
    store,
    /** The newest unexpired session in the store (reloaded once per page). */
    async current(): Promise<StoredSession | undefined> {
      loading ??= (async () => {
        current = (await (await store).list())[0]
        schedule(current)
      })()
      await loading
      if (current && !(await (await store).get(current.key.publicKey))) {
        // Expired (with the store's margin), or wiped by another tab.
        current = undefined
        schedule(undefined)
      }
      return current
    },
    async adopt(key: SessionKey, metadata: SessionMetadata, event: 'signed-in' | 'refreshed') {
      const previous = current
      await loading
      loading ??= Promise.resolve()
      current = await (await store).save(key, metadata)
      if (previous && previous.key.publicKey !== key.publicKey)
        await (await store).delete(previous.key.publicKey)
      schedule(current)
      emit({ type: event, session: current })
      return current
    },
    async forget(publicKey?: string) {
      const target = publicKey ?? current?.key.publicKey
      if (target) await (await store).delete(target)
      if (!publicKey || publicKey === current?.key.publicKey) {
        current = undefined
        schedule(undefined)
        emit({ type: 'signed-out' })
      }
    },
    onChange(listener: (event: WalletAuthEvent) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      schedule(undefined)
      listeners.clear()
    },
  }
}

export type SessionState = ReturnType<typeof createSessionState>
