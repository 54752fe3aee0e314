import {
  createKeyStore,
  type KeyStore,
  type SessionMetadata,
  type StoredSession,
} from '../keys/createKeyStore.js'
import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import type { SessionKey } from '../keys/sessionKey.js'
import { createExpiryClock } from './expiryClock.js'
import { onPageReturn } from './onPageReturn.js'
import { refreshLock } from './refreshLock.js'

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

/**
 * The current session of a client: kept in the key store, announced to listeners, and timed
 * (expiring soon, expired, automatic refresh). Tabs on the same IndexedDB database tell each other
 * of sign-ins, refreshes and sign-outs on a BroadcastChannel named after it; each re-reads the
 * store and announces the change to its own listeners. The session's end is read on the clock
 * before every use and whenever the page comes back, whatever the page's timers did meanwhile.
 */
export function createSessionState(options: SessionStateOptions) {
  const store = Promise.resolve(options.keyStore ?? createKeyStore({ now: options.now }))
  const listeners = new Set<(event: WalletAuthEvent) => void>()
  let current: StoredSession | undefined
  // One read of the store per page, shared by every caller that arrives while it runs.
  let loading: Promise<void> | undefined
  let channel: BroadcastChannel | undefined
  let disposed = false
  let unsubscribe: (() => void) | undefined
  // Changes to `current` run one at a time, so that a message from another tab, an adopt and a
  // check of the store never interleave.
  let queue: Promise<unknown> = Promise.resolve()
  let queued = 0
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    queued++
    const result = queue.then(task, task)
    queue = result.catch(() => {})
    void queue.then(() => queued--)
    return result
  }
  // `current` is known to match the store while `verified` equals `changes`, which grows with
  // whatever may have changed the store under it: another tab's message, another document's wipe,
  // the page coming back (a message may have been missed), a write by any client of the store.
  // Only a store that reports its writes, and whose other tabs can tell this one, is trusted so.
  let changes = 0
  let verified = -1
  let trusted = false
  const changed = () => void changes++
  const read = async <T>(task: () => Promise<T>): Promise<T> => {
    const seen = changes
    const result = await task()
    verified = seen
    return result
  }

  const emit = (event: WalletAuthEvent) => {
    for (const listener of listeners) listener(event)
  }

  const clock = createExpiryClock({
    now: options.now,
    expiringSoonMs: options.expiringSoonMs,
    ...(options.refreshBeforeMs === undefined ? {} : { refreshBeforeMs: options.refreshBeforeMs }),
    onExpiringSoon: (session) => emit({ type: 'expiring-soon', session }),
    // A failed automatic refresh leaves the session to expire, which listeners hear.
    onRefreshDue: () => void options.refresh().catch(() => {}),
    onExpired(session) {
      if (current === session) current = undefined
      emit({ type: 'expired', session })
    },
  })
  const hold = (session: StoredSession | undefined) => {
    current = session
    clock.watch(session)
  }

  // Feature-detected: without BroadcastChannel, other tabs still find a vanished key on their next
  // read of the store (every stamp reads it), they only hear of it later.
  void store.then(
    (keyStore) => {
      if (disposed) return
      // A wipe (or a newer kit's upgrade) from another document: whatever this tab held may be gone.
      const stopExternal = keyStore.onExternalChange?.(() => {
        changed()
        serial(() => resync(true)).catch(() => {})
      })
      const stopWrites = keyStore.onWrite?.(changed)
      unsubscribe = () => {
        stopExternal?.()
        stopWrites?.()
      }
      trusted = stopWrites !== undefined && keyStore.persistence === 'memory'
      if (!keyStore.databaseName || typeof BroadcastChannel !== 'function') return
      channel = new BroadcastChannel(`embedded-wallet-auth:${keyStore.databaseName}`)
      trusted = stopWrites !== undefined
      channel.onmessage = (event: MessageEvent<TabMessage>) => {
        const announced = event.data?.type === 'forget'
        changed()
        serial(() => resync(announced)).catch(() => {})
      }
    },
    () => {},
  )
  const announce = (type: TabMessage['type']) => channel?.postMessage({ type } satisfies TabMessage)

  // Timers do not run while a device sleeps or a tab is frozen: back, the page reads the clock and
  // the store (a message from another tab may have been missed meanwhile).
  const stopWatchingPage = onPageReturn(() => {
    changed()
    if (!loading || disposed) return
    serial(async () => {
      clock.resume()
      if (current) await resync(false)
    }).catch(() => {})
  })

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
    if (newest) {
      hold(newest)
      const sameAccount = previous?.accountId === newest.accountId
      emit({ type: sameAccount ? 'refreshed' : 'signed-in', session: newest })
      return
    }
    if (!previous) return
    // Gone within its last moments is the store's expiry margin (or past its end): it has expired.
    if (!announced && msUntilExpiry(previous, options.now()) <= options.expiringSoonMs) return clock.expire()
    hold(undefined)
    // Only another document changes the store under this one: its sign-out, revocation or wipe.
    emit({ type: 'signed-out', origin: 'elsewhere' })
  }

  /**
   * The newest unexpired session in the store (read once per page, then checked on every call:
   * a key another tab replaced or wiped is never handed out). One whose end has passed, or that
   * the store no longer hands out near its end, is announced `expired` (once).
   */
  async function readCurrent(): Promise<StoredSession | undefined> {
    loading ??= serial(async () => hold((await (await store).list())[0]))
    await loading
    return serial(() =>
      read(async () => {
        clock.check()
        const held = current
        if (held && !(await (await store).get(held.key.publicKey))) {
          // Expired (with the store's margin), replaced by another tab's refresh, or wiped.
          await resync(false)
          if (current === held) hold(undefined)
        }
        return current
      }),
    )
  }

  return {
    store,
    current: readCurrent,
    /**
     * `current()` for a signature: without a read of the store while nothing can have changed it
     * since the last one (no message from another tab or document, no write, no change in flight
     * here), else `current()`. Its end is read on the clock either way.
     */
    async held(): Promise<StoredSession | undefined> {
      if (!trusted || verified !== changes || queued > 0 || disposed) return readCurrent()
      clock.check()
      return current
    },
    /** Re-reads the store now (another tab may have changed it) and returns the current session. */
    async sync(): Promise<StoredSession | undefined> {
      await loading
      return serial(() =>
        read(async () => {
          clock.check()
          await resync(false)
          return current
        }),
      )
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
            hold(undefined)
            announce('forget')
            emit({ type: 'signed-out', origin: 'service' })
          }
          throw error
        }
        if (previous && previous.key.publicKey !== key.publicKey)
          await (await store).delete(previous.key.publicKey)
        hold(saved)
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
          hold(undefined)
          announce('forget')
          emit({ type: 'signed-out', origin })
        }
      })
    },
    /**
     * The session `publicKey` has run out of time (too close to its end to sign): its key is
     * deleted and, when it was the current one, this page hears `expired` (once). Other tabs read
     * the end on their own clocks.
     */
    async expire(publicKey: string) {
      return serial(async () => {
        await (await store).delete(publicKey).catch(() => {})
        if (publicKey === current?.key.publicKey) clock.expire()
      })
    },
    /**
     * Runs `run` while holding this database's refresh lock: a Web Lock shared by every tab of the
     * origin where `navigator.locks` exists, else a lock of this page.
     */
    async refreshLock<T>(run: () => Promise<T>): Promise<T> {
      return refreshLock(await store, run)
    },
    onChange(listener: (event: WalletAuthEvent) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Stops the timers, removes the page's listeners, and drops the listeners. */
    dispose() {
      disposed = true
      clock.watch(undefined)
      stopWatchingPage()
      listeners.clear()
      channel?.close()
      channel = undefined
      unsubscribe?.()
    },
  }
}

export type SessionState = ReturnType<typeof createSessionState>
