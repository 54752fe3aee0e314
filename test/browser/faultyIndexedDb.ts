// A seam for the key store's `indexedDB` option: Chromium's own IndexedDB, with faults a test
// switches on. Everything goes to the real database; only what a fault changes is intercepted.

/** What the wrapped factory does differently, read at each call. */
export interface Faults {
  /**
   * Every `put` aborts its transaction, which then reports a `QuotaExceededError` DOMException, as
   * Chromium does when a commit would exceed the origin's quota: nothing of it is written.
   */
  quotaExceeded?: boolean
  /** Opens ask for this many versions above the one requested (a newer kit upgrading). */
  versionBump?: number
  /** `open` throws this (as some private modes do) instead of opening. */
  openThrows?: DOMException
}

/** What the faults did, for the figures. */
export interface FaultCounts {
  quotaExceeded: number
  opens: number
}

type Getters = Record<PropertyKey, () => unknown>

/** A proxy of a DOM object: methods bound to it, setters (event handlers) applied to it. */
function wrap<T extends object>(target: T, getters: Getters): T {
  return new Proxy(target, {
    get(object, property) {
      const getter = getters[property]
      if (getter) return getter()
      const value = Reflect.get(object, property, object)
      return typeof value === 'function' ? value.bind(object) : value
    },
    set: (object, property, value) => Reflect.set(object, property, value, object),
  })
}

/**
 * Wraps `factory` (default: the page's `indexedDB`) with the faults `faults` holds at each call.
 * Mutate `faults` to switch them on and off while a store uses the factory.
 */
export function faultyIndexedDB(faults: Faults, factory: IDBFactory = indexedDB) {
  const counts: FaultCounts = { quotaExceeded: 0, opens: 0 }
  const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

  const wrapTransaction = (transaction: IDBTransaction) => {
    let error: DOMException | undefined
    const wrapped: IDBTransaction = wrap(transaction, {
      error: () => error ?? transaction.error,
      objectStore: () => (name: string) =>
        wrap(transaction.objectStore(name), {
          transaction: () => wrapped,
          put: () => (value: unknown, key?: IDBValidKey) => {
            const request = transaction.objectStore(name).put(value, key)
            if (faults.quotaExceeded) {
              counts.quotaExceeded++
              error = quotaError()
              transaction.abort()
            }
            return request
          },
        }),
    })
    return wrapped
  }

  const wrapDatabase = (database: IDBDatabase) =>
    wrap(database, {
      transaction: () => (names: string | string[], mode?: IDBTransactionMode) =>
        wrapTransaction(database.transaction(names, mode)),
    })

  const wrapped: IDBFactory = wrap(factory, {
    open: () => (name: string, version?: number) => {
      counts.opens++
      if (faults.openThrows) throw faults.openThrows
      const request = factory.open(
        name,
        version === undefined || !faults.versionBump ? version : version + faults.versionBump,
      )
      return wrap(request, { result: () => wrapDatabase(request.result) })
    },
  })
  return { indexedDB: wrapped, counts }
}
