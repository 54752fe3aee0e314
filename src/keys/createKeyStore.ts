import * as idb from 'idb-keyval'
import { promisifyRequest, type UseStore } from 'idb-keyval'
import { ECDSA_P256 } from '../crypto/ecdsaParams.js'
import { WalletAuthError } from '../errors.js'
import type { CredentialType } from '../wire/authMethod.js'
import { msUntilExpiry } from './msUntilExpiry.js'
import type { SessionKey } from './sessionKey.js'
import { storeWriteChannel } from './storeWriteChannel.js'
import { untilNextTask } from './untilNextTask.js'

/** What the kit remembers about a session beside its key. */
export interface SessionMetadata {
  /** `Session:<uuid>`; sealed-key sign-ins (PASSKEY, OAUTH) may not return one. */
  sessionId?: string
  accountId: string
  credentialId: string
  type: CredentialType
  /** The service's `expiresAt`, authoritative. */
  expiresAt: string
  /**
   * The service's clock minus this device's, in ms, measured when the session was issued: expiry
   * is judged on the service's time even when the device clock is off. Default 0.
   */
  clockOffsetMs?: number
}

/** A session key with its metadata, as stored. */
export interface StoredSession extends SessionMetadata {
  key: SessionKey
  /** When this browser stored it (ISO 8601). */
  createdAt: string
}

/** Where a key store keeps keys: IndexedDB, or memory when IndexedDB is missing or failing. */
export type Persistence = 'indexeddb' | 'memory'

/** Session keys with their metadata, keyed by compressed public key. */
export interface KeyStore {
  readonly persistence: Persistence
  /**
   * The IndexedDB database when `persistence` is `indexeddb`: clients on the same database (other
   * tabs) coordinate through it (a BroadcastChannel and a Web Lock named after it).
   */
  readonly databaseName?: string
  /**
   * Why IndexedDB was there but not used (`persistence` is `memory`): `STORAGE_BLOCKED` (another
   * tab holds the database at an older version, or its open never completes), `STORAGE_QUOTA_EXCEEDED`,
   * or `STORAGE_FAILED`.
   */
  readonly fallbackCause?: WalletAuthError
  /**
   * Calls `listener` when something else changed the database under this store: another store's
   * save, delete or clear (in this tab or another), or another document taking the database (a
   * wipe, or a newer version's upgrade closed its connection): what it held may be gone. Returns
   * unsubscribe.
   */
  onExternalChange?(listener: () => void): () => void
  /**
   * Calls `listener` after every save, delete or clear made through this store, by any client
   * sharing it: with this and the other tabs' messages, a client may trust the session it read until
   * one of them says otherwise, instead of re-reading the store before every signature. A store
   * without it is re-read before every signature. Returns unsubscribe.
   */
  onWrite?(listener: () => void): () => void
  save(key: SessionKey, metadata: SessionMetadata): Promise<StoredSession>
  get(publicKey: string): Promise<StoredSession | undefined>
  /** Unexpired sessions, newest first. */
  list(): Promise<StoredSession[]>
  delete(publicKey: string): Promise<void>
  clear(): Promise<void>
}

/** Options of `createKeyStore`. */
export interface KeyStoreOptions {
  /** IndexedDB database name. Default `embedded-wallet-auth`. */
  databaseName?: string
  /** The IndexedDB factory; default `globalThis.indexedDB`. Pass `null` to keep keys in memory. */
  indexedDB?: IDBFactory | null
  /** Clock, for expiry. Default `Date.now`. */
  now?: () => number
  /**
   * A session counts as expired this many milliseconds before its `expiresAt`, to absorb clock
   * skew and leave time for a signed retry (wire-formats section 10). Default 30 000.
   */
  expiryMarginMs?: number
  /**
   * Opening IndexedDB that takes longer (queued behind another tab's blocked upgrade or deletion)
   * counts as blocked: the store falls back to memory instead of hanging. Default 5 000.
   */
  openTimeoutMs?: number
}

// Record layout version. A record of another version is left alone, never misread.
const RECORD_VERSION = 1
const DATABASE_VERSION = 1
const STORE_NAME = 'session-keys'

interface StoredRecord extends SessionMetadata {
  v: typeof RECORD_VERSION
  publicKey: string
  publicKeyUncompressed: string
  keyPair: CryptoKeyPair
  createdAt: string
}

function toRecord(session: StoredSession): StoredRecord {
  const { key, ...metadata } = session
  return {
    ...metadata,
    v: RECORD_VERSION,
    publicKey: key.publicKey,
    publicKeyUncompressed: key.publicKeyUncompressed,
    keyPair: key.keyPair,
  }
}

function fromRecord(value: unknown): StoredSession | undefined {
  const record = value as Partial<StoredRecord> | undefined
  if (record?.v !== RECORD_VERSION || !record.keyPair || !record.publicKey) return undefined
  const { v: _v, publicKey, publicKeyUncompressed, keyPair, ...metadata } = record as StoredRecord
  return { ...metadata, key: { publicKey, publicKeyUncompressed, keyPair } }
}

/**
 * Maps a storage failure to the kit's codes: a full disk or quota (`QuotaExceededError`, as a
 * request or transaction error) is `STORAGE_QUOTA_EXCEEDED`; the kit's own errors pass through.
 */
function storageError(what: string, cause: unknown): WalletAuthError {
  if (cause instanceof WalletAuthError) return cause
  if ((cause as { name?: unknown } | null)?.name === 'QuotaExceededError') {
    return new WalletAuthError('STORAGE_QUOTA_EXCEEDED', `Session key storage is full: could not ${what}.`, {
      cause,
    })
  }
  return new WalletAuthError('STORAGE_FAILED', `Session key storage failed to ${what}.`, { cause })
}

/** One connection at a time, reopened after another tab closed it (an upgrade, a wipe). */
function openStore(
  factory: IDBFactory,
  databaseName: string,
  openTimeoutMs: number,
  onClosed: () => void,
): UseStore {
  let connection: Promise<IDBDatabase> | undefined
  const connect = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      let settled = false
      const fail = (error: WalletAuthError) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        reject(error)
      }
      // Queued behind another tab's blocked upgrade or deletion, an open gets no event at all.
      const timer = setTimeout(
        () => fail(new WalletAuthError('STORAGE_BLOCKED', 'Opening IndexedDB did not complete.')),
        openTimeoutMs,
      )
      let request: IDBOpenDBRequest
      try {
        request = factory.open(databaseName, DATABASE_VERSION)
      } catch (cause) {
        // Some private modes throw here instead of failing the request.
        return fail(storageError('open', cause))
      }
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE_NAME))
          request.result.createObjectStore(STORE_NAME)
      }
      // Another tab holding an older version open would keep us waiting forever: fail instead.
      request.onblocked = () =>
        fail(new WalletAuthError('STORAGE_BLOCKED', 'IndexedDB upgrade is blocked by another tab.'))
      promisifyRequest(request).then(
        (db) => {
          // Too late: whoever asked has moved on (to memory); let the other tab proceed.
          if (settled) return db.close()
          settled = true
          clearTimeout(timer)
          const drop = () => {
            db.close()
            if (connection === current) connection = undefined
            onClosed()
          }
          // A newer kit's upgrade or a wipe from another tab: let it proceed. The next call
          // reopens, and finds what is left (nothing, after a wipe).
          db.onversionchange = drop
          db.onclose = drop
          resolve(db)
        },
        (cause) => fail(storageError('open', cause)),
      )
    })
  let current: Promise<IDBDatabase> | undefined
  const database = () => {
    if (!connection) {
      current = connection = connect()
      connection.catch(() => {
        if (connection === current) connection = undefined
      })
    }
    return connection
  }
  return (mode, callback) =>
    database().then((db) => callback(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME)))
}

interface Backend {
  get(id: string): Promise<unknown>
  set(id: string, record: unknown): Promise<void>
  del(id: string): Promise<void>
  values(): Promise<unknown[]>
  clear(): Promise<void>
}

function indexedDbBackend(store: UseStore): Backend {
  return {
    get: (id) => idb.get(id, store),
    set: (id, record) => idb.set(id, record, store),
    del: (id) => idb.del(id, store),
    values: () => idb.values(store),
    clear: () => idb.clear(store),
  }
}

function memoryBackend(): Backend {
  const records = new Map<string, unknown>()
  return {
    get: async (id) => records.get(id),
    set: async (id, record) => void records.set(id, record),
    del: async (id) => void records.delete(id),
    values: async () => [...records.values()],
    clear: async () => records.clear(),
  }
}

async function storageCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (cause) {
    throw storageError(what, cause)
  }
}

// Opening is not enough: some browsers open IndexedDB but cannot store a CryptoKey in it (or the
// disk is full). Write and delete a record holding a throwaway key before trusting it.
const PROBE_ID = '\u0000probe'
async function probe(backend: Backend): Promise<void> {
  const keyPair = await crypto.subtle.generateKey(ECDSA_P256, false, ['sign', 'verify'])
  await backend.set(PROBE_ID, { v: 0, keyPair })
  await backend.del(PROBE_ID)
}

/**
 * Opens the session-key store: IndexedDB (keys survive a reload, stay non-extractable), or
 * memory where IndexedDB is missing or fails, as `persistence` tells. Expired sessions (and those
 * within `expiryMarginMs` of expiring) are hidden, and purged on open. What the opening read found
 * also answers the reads made in the same task, so restoring a session reads IndexedDB once.
 *
 * @example
 * ```ts
 * const store = await createKeyStore()
 * if (store.persistence === 'memory') warn('Sessions will end when this tab closes.')
 * await store.save(key, { sessionId, accountId, credentialId, type: 'EMAIL_OTP', expiresAt })
 * const [current] = await store.list()
 * ```
 */
export async function createKeyStore(options: KeyStoreOptions = {}): Promise<KeyStore> {
  const {
    databaseName = 'embedded-wallet-auth',
    now = Date.now,
    expiryMarginMs = 30_000,
    openTimeoutMs = 5_000,
  } = options
  const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB
  // An unparseable expiresAt counts as expired: NaN compares false.
  const isExpired = (session: SessionMetadata) => !(msUntilExpiry(session, now()) > expiryMarginMs)

  /** The sessions of `from`, expired ones included, newest first. */
  async function readAll(from: Backend): Promise<StoredSession[]> {
    return (await storageCall('read', () => from.values()))
      .flatMap((value) => {
        const session = fromRecord(value)
        return session ? [session] : []
      })
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }

  /** The unexpired of `sessions`; the expired ones are deleted from `from` on the way. */
  async function purge(from: Backend, sessions: StoredSession[]): Promise<StoredSession[]> {
    for (const session of sessions.filter(isExpired)) {
      await storageCall('delete', () => from.del(session.key.publicKey))
    }
    return sessions.filter((session) => !isExpired(session))
  }

  const readSessions = async (from: Backend) => purge(from, await readAll(from))

  let backend = memoryBackend()
  let persistence: Persistence = 'memory'
  let fallbackCause: WalletAuthError | undefined
  // What the opening read found answers the reads made in the task it was read in, as a restore
  // makes them (`await createKeyStore()`, `list()`, then `get()` of the key found): nothing can have
  // reached the page since to say the store changed, and another read would cost as much as the
  // first. A later task, a write of this store, another store's announced write or another document
  // taking the database sends every read to IndexedDB again.
  let opening: { sessions: StoredSession[]; current: () => boolean } | undefined
  const openingSessions = () => {
    if (!opening?.current()) opening = undefined
    return opening?.sessions.filter((session) => !isExpired(session))
  }
  const externalChangeListeners = new Set<() => void>()
  const externalChange = () => {
    opening = undefined
    for (const listener of externalChangeListeners) listener()
  }
  if (factory) {
    try {
      const candidate = indexedDbBackend(openStore(factory, databaseName, openTimeoutMs, externalChange))
      // One read on open purges expired sessions; a stored key that reads back also proves the
      // store holds CryptoKeys, so only a store without one pays the write probe.
      const read = await readAll(candidate)
      // Counted from the read itself: a purge or probe that took tasks leaves nothing to answer from.
      const current = untilNextTask()
      const restored = await purge(candidate, read)
      if (!restored.some((session) => session.key.keyPair.privateKey instanceof CryptoKey)) {
        await probe(candidate)
      }
      opening = { sessions: restored, current }
      backend = candidate
      persistence = 'indexeddb'
    } catch (cause) {
      // Private modes, blocked upgrades, full disks and broken profiles: keep working, in memory,
      // and say why.
      fallbackCause = storageError('open', cause)
    }
  }

  const list = async () => openingSessions() ?? readSessions(backend)
  const writeListeners = new Set<() => void>()
  // Other stores on the database hear this one's writes, and it theirs (a plain store in another
  // tab deleting a key a client here holds in memory).
  const writes = persistence === 'indexeddb' ? storeWriteChannel(databaseName) : undefined
  const written = async (write: Promise<void>) => {
    opening = undefined
    try {
      await write
    } finally {
      // Even a failed write may have changed the store (a wipe half done): listeners re-read it.
      for (const listener of writeListeners) listener()
      writes?.announce()
    }
  }

  return {
    persistence,
    ...(persistence === 'indexeddb' ? { databaseName } : {}),
    ...(fallbackCause ? { fallbackCause } : {}),
    onExternalChange(listener) {
      externalChangeListeners.add(listener)
      const stopHearing = writes?.listen(() => {
        opening = undefined
        listener()
      })
      return () => {
        externalChangeListeners.delete(listener)
        stopHearing?.()
      }
    },
    onWrite(listener) {
      writeListeners.add(listener)
      return () => writeListeners.delete(listener)
    },
    async save(key, metadata) {
      if (Number.isNaN(Date.parse(metadata.expiresAt))) {
        throw new WalletAuthError('INVALID_ARGUMENT', 'expiresAt must be an ISO 8601 date-time.')
      }
      const { privateKey } = key.keyPair
      // A key that can be exported would sit in storage where any script of the origin could take it.
      if (!(privateKey instanceof CryptoKey) || privateKey.extractable) {
        throw new WalletAuthError('INVALID_ARGUMENT', 'Only a non-extractable private key may be saved.')
      }
      const session: StoredSession = { ...metadata, key, createdAt: new Date(now()).toISOString() }
      await written(storageCall('save', () => backend.set(key.publicKey, toRecord(session))))
      return session
    },
    async get(publicKey) {
      const restored = openingSessions()
      if (restored) return restored.find((session) => session.key.publicKey === publicKey)
      const session = fromRecord(await storageCall('read', () => backend.get(publicKey)))
      return session && !isExpired(session) ? session : undefined
    },
    list,
    delete: (publicKey) => written(storageCall('delete', () => backend.del(publicKey))),
    clear: () => written(storageCall('clear', () => backend.clear())),
  }
}
