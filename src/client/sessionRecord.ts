import { createKeyStore, type KeyStore, type StoredSession } from '../keys/createKeyStore.js'
import { createExpiryClock, type ExpiryClock } from './expiryClock.js'
import type { SessionStateOptions } from './sessionState.js'
import { createStoreQueue, type StoreQueue } from './storeQueue.js'
import type { WalletAuthEvent } from './walletAuthEvent.js'

/** What the parts of one session state share: the store, the session held, its clock, its listeners. */
export interface SessionRecord extends StoreQueue {
  /** What the state was made with. */
  options: SessionStateOptions
  store: Promise<KeyStore>
  current?: StoredSession | undefined
  /** One read of the store per page, shared by every caller that arrives while it runs. */
  loading?: Promise<void> | undefined
  /** The channel of the tabs on the same database, once the store is known to have one. */
  channel?: BroadcastChannel | undefined
  disposed?: boolean
  /** Stops listening to the store's own change reports. */
  unsubscribe?: (() => void) | undefined
  clock: ExpiryClock
  listeners: Set<(event: WalletAuthEvent) => void>
  /** Tells every listener of `event`. */
  emit(event: WalletAuthEvent): void
  /** Makes `session` the current one, and times it. */
  hold(session: StoredSession | undefined): void
}

/**
 * The shared record of `createSessionState`: nothing held yet, the store opened, and the expiry
 * clock's steps announced to the listeners.
 *
 * @example
 * ```ts
 * const record = createSessionRecord({ now: Date.now, expiringSoonMs: 60_000, refresh })
 * record.hold((await (await record.store).list())[0])
 * ```
 */
export function createSessionRecord(options: SessionStateOptions): SessionRecord {
  const record: SessionRecord = {
    options,
    store: Promise.resolve(options.keyStore ?? createKeyStore({ now: options.now })),
    // Changes to `current` run on the record's queue one at a time.
    ...createStoreQueue(),
    // The clock takes `now`, `expiringSoonMs` and `refreshBeforeMs` as the state got them.
    clock: createExpiryClock({
      ...options,
      onExpiringSoon: (session) => record.emit({ type: 'expiring-soon', session }),
      // A failed automatic refresh leaves the session to expire, which listeners hear.
      onRefreshDue: () => void options.refresh().catch(() => {}),
      onExpired(session) {
        if (record.current === session) record.current = undefined
        record.emit({ type: 'expired', session })
      },
    }),
    listeners: new Set(),
    emit(event) {
      for (const listener of record.listeners) listener(event)
    },
    hold(session) {
      record.current = session
      record.clock.watch(session)
    },
  }
  return record
}
