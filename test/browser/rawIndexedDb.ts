// Plain IndexedDB beside the kit, to set up and inspect the states the kit must cope with.

/** A database name no other test uses (browser test files share one origin). */
export function uniqueDatabaseName(): string {
  return `ewa-test-${crypto.randomUUID()}`
}

/** Opens `name` at `version` (default: its current one), running `upgrade` when the version is new. */
export function openDatabase(
  name: string,
  version?: number,
  upgrade: (database: IDBDatabase) => void = () => {},
): Promise<IDBDatabase> {
  const request = indexedDB.open(name, version)
  request.onupgradeneeded = () => upgrade(request.result)
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Runs one request on `storeName` and resolves with its result once the transaction has committed. */
export async function inStore<T>(
  databaseName: string,
  storeName: string,
  mode: IDBTransactionMode,
  call: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase(databaseName)
  try {
    const transaction = database.transaction(storeName, mode)
    const request = call(transaction.objectStore(storeName))
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
    return request.result
  } finally {
    database.close()
  }
}
