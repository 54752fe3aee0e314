import type { KeyStore } from '../keys/createKeyStore.js'

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
 * Runs `run` while holding the refresh lock of `keyStore`'s database: a Web Lock shared by every
 * tab of the origin where `navigator.locks` exists, else a lock of this page.
 *
 * @example
 * ```ts
 * const session = await refreshLock(await keyStore, () => refreshUnlessAnotherTabDid())
 * ```
 */
export async function refreshLock<T>(keyStore: KeyStore, run: () => Promise<T>): Promise<T> {
  const { databaseName } = keyStore
  if (!databaseName && !memoryStoreIds.has(keyStore)) memoryStoreIds.set(keyStore, crypto.randomUUID())
  const name = `embedded-wallet-auth:refresh:${databaseName ?? memoryStoreIds.get(keyStore)}`
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
  if (databaseName && typeof locks?.request === 'function') return locks.request(name, run)
  return inPageLock(name, run)
}
