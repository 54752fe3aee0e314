import {
  createKeyStore,
  type KeyStore,
  type SessionMetadata,
  type StoredSession,
} from '../keys/createKeyStore.js'
import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import type { SessionKey } from '../keys/sessionKey.js'

/**
 * Where a sign-out came from: `here` (this page signed out or revoked its own session),
 * `elsewhere` (another tab or window of the origin signed out, or wiped the key store) or
 * `service` (the service no longer knows the session: revoked from another device, or ended).
 */
export type SignOutOrigin = 'here' | 'elsewhere' | 'service'

/**
 * What `onChange` listeners hear. `signed-out` says where it came from in `origin` (the kit
 * always sets it; absent only from events made by hand, where it reads as `here`).
 */
export type WalletAuthEvent =
  | { type: 'signed-in'; session: StoredSession }
  | { type: 'refreshed'; session: StoredSession }
  | { type: 'expiring-soon'; session: StoredSession }
  | { type: 'expired'; session: StoredSession }
  | { type: 'signed-out'; origin?: SignOutOrigin }

export interface SessionStateOptions {
  keyStore?: KeyStore | Promise<KeyStore>
  now: () => number
  /** `expiring-soon` fires this long before expiry. */
  expiringSoonMs: number
  /** When set, the session is refreshed this long before expiry. */
  refreshBeforeMs?: number
  refresh: () => Promise<unknown>
}

/** What a tab tells the others on the key store's channel; they re-read the store themselves. */
type TabMessage = { type: 'adopt' | 'refresh' | 'forget' }

// Refreshes of one database in this page, when the Web Locks API is missing: one at a time.
const pageLocks = new Map<string, Promise<unknown>>()
// A store in memory has no database name: its clients in this page share a lock by its identity.
const memoryStoreIds = new WeakMap<KeyStore, string>()

function inPageLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const result = (pageLocks.get(name) ?? Promise.resolve()).then(run, run)
  const tail = result.catch(() => {})
  pageLocks.set(name, tail)
  void tail.then(() => pageLocks.get(name) === tail && pageLocks.delete(name))
  return result
}

/**
 * The current session of a client: kept in the key store, announced to listeners, and timed
 * (expiring soon, expired, automatic refresh). Tabs on the same IndexedDB database tell each other
 * of sign-ins, refreshes and sign-outs on a BroadcastChannel named after it; each re-reads the
 * store and announces the change to its own listeners.
 */
export function createSessionState(options: SessionStateOptions) {
  const store = Promise.resolve(options.keyStore ?? createKeyStore({ now: options.now }))
  const listeners = new Set<(event: WalletAuthEvent) => void>()
  let current: StoredSession | undefined
  // One read of the store per page, shared by every caller that arrives while it runs.
  let loading: Promise<void> | undefined
  let timers: ReturnType<typeof setTimeout>[] = []
  let channel: BroadcastChannel | undefined
  let disposed = false
  let unsubscribe: (() => void) | undefined
  // Changes to `current` run one at a time, so that a message from another tab, an adopt and a
  // check of the store never interleave.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task, task)
    queue = result.catch(() => {})
    return result
  }

  const emit = (event: WalletAuthEvent) => {
    for (const listener of listeners) listener(event)
  }

  // Feature-detected: without BroadcastChannel, other tabs still find a vanished key on their next
  // read of the store (every stamp reads it), they only hear of it later.
  void store.then(
    (keyStore) => {
      if (disposed) return
      // A wipe (or a newer kit's upgrade) from another document: whatever this tab held may be gone.
      unsubscribe = keyStore.onExternalChange?.(() => {
        serial(() => resync(true)).catch(() => {})
      })
      if (!keyStore.databaseName || typeof BroadcastChannel !== 'function') return
      channel = new BroadcastChannel(`embedded-wallet-auth:${keyStore.databaseName}`)
      channel.onmessage = (event: MessageEvent<TabMessage>) => {
        const announced = event.data?.type === 'forget'
        serial(() => resync(announced)).catch(() => {})
      }
    },
    () => {},
  )
  const announce = (type: TabMessage['type']) => channel?.postMessage({ type } satisfies TabMessage)

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

  /**
   * Re-reads the store's newest session (run inside `serial`): another tab may have signed in,
   * refreshed (the key this tab held is gone, a newer one is there) or signed out. `announced`: a
   * tab said it signed out.
   */
  async function resync(announced: boolean): Promise<void> {
    const previous = current
    const newest = (await (await store).list())[0]
    loading ??= Promise.resolve()
    if (newest?.key.publicKey === previous?.key.publicKey) return
    current = newest
    if (newest) {
      schedule(newest)
      const sameAccount = previous?.accountId === newest.accountId
      emit({ type: sameAccount ? 'refreshed' : 'signed-in', session: newest })
      return
    }
    if (!previous) return
    // Gone within its last moments is the store's expiry margin: its own timer announces 'expired'.
    if (!announced && msUntilExpiry(previous, options.now()) <= options.expiringSoonMs) return
    schedule(undefined)
    // Only another document changes the store under this one: its sign-out, revocation or wipe.
    emit({ type: 'signed-out', origin: 'elsewhere' })
  }

  return {
    store,
    /**
     * The newest unexpired session in the store (read once per page, then checked on every call:
     * a key another tab replaced or wiped is never handed out).
     */
    async current(): Promise<StoredSession | undefined> {
      loading ??= serial(async () => {
        current = (await (await store).list())[0]
        schedule(current)
      })
      await loading
      return serial(async () => {
        const held = current
        if (held && !(await (await store).get(held.key.publicKey))) {
          // Expired (with the store's margin), replaced by another tab's refresh, or wiped.
          await resync(false)
          if (current === held) current = undefined
        }
        return current
      })
    },
    /** Re-reads the store now (another tab may have changed it) and returns the current session. */
    async sync(): Promise<StoredSession | undefined> {
      await loading
      return serial(async () => {
        await resync(false)
        return current
      })
    },
    async adopt(key: SessionKey, metadata: SessionMetadata, event: 'signed-in' | 'refreshed') {
      await loading
      return serial(async () => {
        const previous = current
        loading ??= Promise.resolve()
        let saved: StoredSession
        try {
          saved = await (await store).save(key, metadata)
        } catch (error) {
          // Not saved (quota, storage gone). After a sign-in the previous session is still valid and
          // stays; a refresh has ended it on the service, so its key must not sign again.
          if (event === 'refreshed' && previous) {
            await (await store).delete(previous.key.publicKey).catch(() => {})
            current = undefined
            schedule(undefined)
            announce('forget')
            emit({ type: 'signed-out', origin: 'service' })
          }
          throw error
        }
        current = saved
        if (previous && previous.key.publicKey !== key.publicKey)
          await (await store).delete(previous.key.publicKey)
        schedule(saved)
        announce(event === 'refreshed' ? 'refresh' : 'adopt')
        emit({ type: event, session: saved })
        return saved
      })
    },
    /**
     * Deletes the key `publicKey` (default the current one); when it was the current one, this
     * page is signed out (`origin` default `here`) and the other tabs are told.
     */
    async forget(publicKey?: string, origin: SignOutOrigin = 'here') {
      return serial(async () => {
        const target = publicKey ?? current?.key.publicKey
        if (target) await (await store).delete(target)
        if (!publicKey || publicKey === current?.key.publicKey) {
          current = undefined
          schedule(undefined)
          announce('forget')
          emit({ type: 'signed-out', origin })
        }
      })
    },
    /**
     * Runs `run` while holding this database's refresh lock: a Web Lock shared by every tab of the
     * origin where `navigator.locks` exists, else a lock of this page.
     */
    async refreshLock<T>(run: () => Promise<T>): Promise<T> {
      const keyStore = await store
      const { databaseName } = keyStore
      if (!databaseName && !memoryStoreIds.has(keyStore)) memoryStoreIds.set(keyStore, crypto.randomUUID())
      const name = `embedded-wallet-auth:refresh:${databaseName ?? memoryStoreIds.get(keyStore)}`
      const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
      if (databaseName && typeof locks?.request === 'function') return locks.request(name, run)
      return inPageLock(name, run)
    },
    onChange(listener: (event: WalletAuthEvent) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      disposed = true
      schedule(undefined)
      listeners.clear()
      channel?.close()
      channel = undefined
      unsubscribe?.()
    },
  }
}

export type SessionState = ReturnType<typeof createSessionState>
