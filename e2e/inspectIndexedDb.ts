import type { Frame, Page } from '@playwright/test'

/** What the origin's IndexedDB holds, as `inspectIndexedDb` reports it. */
export interface IndexedDbReport {
  /** Every database of the origin with the record count of each object store. */
  databases: { name: string; stores: Record<string, number> }[]
  /** Private `CryptoKey`s found anywhere in any stored value. */
  privateKeys: number
  /** Where each extractable private key was found (`database/store/path`): must stay empty. */
  extractablePrivateKeys: string[]
}

/**
 * Where the wallet's keys are kept: the signer document's frame (its own origin, its own
 * IndexedDB) when the page frames one, else the page.
 */
export function walletKeysPlace(page: Page): Page | Frame {
  return page.frames().find((frame) => new URL(frame.url()).pathname.endsWith('/signer.html')) ?? page
}

/**
 * Reads every IndexedDB database of the page's (or frame's) origin with raw IndexedDB (not through the kit):
 * counts the records of each object store and walks every stored value (objects, arrays, maps,
 * sets) for private `CryptoKey`s, listing any that is extractable. Only databases that exist are
 * opened, at their current version, so reading never creates or upgrades one.
 */
export function inspectIndexedDb(page: Page | Frame): Promise<IndexedDbReport> {
  return page.evaluate(async () => {
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    const report: IndexedDbReport = { databases: [], privateKeys: 0, extractablePrivateKeys: [] }
    const seen = new Set<unknown>()
    const walk = (value: unknown, path: string): void => {
      if (value === null || typeof value !== 'object' || seen.has(value)) return
      seen.add(value)
      if (value instanceof CryptoKey) {
        if (value.type !== 'private') return
        report.privateKeys += 1
        if (value.extractable !== false) report.extractablePrivateKeys.push(path)
        return
      }
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return
      if (value instanceof Map) {
        for (const [key, entry] of value) walk(entry, `${path}/${String(key)}`)
        return
      }
      if (value instanceof Set || Array.isArray(value)) {
        let index = 0
        for (const entry of value) walk(entry, `${path}/${index++}`)
        return
      }
      for (const [key, entry] of Object.entries(value)) walk(entry, `${path}/${key}`)
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const open = indexedDB.open(name)
      // A database listed a moment ago but deleted since would be created here: abort that.
      open.onupgradeneeded = () => open.transaction?.abort()
      let database: IDBDatabase
      try {
        database = await request(open)
      } catch {
        continue
      }
      try {
        const stores: Record<string, number> = {}
        for (const storeName of Array.from(database.objectStoreNames)) {
          const store = database.transaction(storeName, 'readonly').objectStore(storeName)
          const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())])
          stores[storeName] = values.length
          values.forEach((value, index) => {
            walk(value, `${name}/${storeName}/${String(keys[index])}`)
          })
        }
        report.databases.push({ name, stores })
      } finally {
        database.close()
      }
    }
    return report
  })
}
