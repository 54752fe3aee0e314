// Restoring a session on page load costs one IndexedDB read: the store's opening read answers the
// reads made in the same task (the client's `list()`, then `get()` of the key found). Any later
// read goes to IndexedDB, so a change made between open and read is seen, whoever made it.
import { afterEach, describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore, generateSessionKey, type SessionKey } from '../../src/keys/index.js'
import { inStore, uniqueDatabaseName } from '../browser/rawIndexedDb.js'
import { STORE_NAME, sessionMetadata } from './keyStoreKit.js'

// Every IndexedDB request that reads records.
const READS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'] as const

const restores: (() => void)[] = []
afterEach(() => {
  for (const restore of restores.splice(0)) restore()
})

/** Counts the read requests made on `databaseName` from now on, in this document. */
function countReads(databaseName: string): () => number {
  let reads = 0
  const prototype = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  for (const name of READS) {
    const original = prototype[name] as (...args: unknown[]) => unknown
    prototype[name] = function (this: IDBObjectStore, ...args: unknown[]) {
      if (this.transaction.db.name === databaseName) reads++
      return original.apply(this, args)
    }
    restores.push(() => {
      prototype[name] = original
    })
  }
  return () => reads
}

/** A database holding one session, saved by an earlier page's store. */
async function storedSession(): Promise<{ databaseName: string; key: SessionKey }> {
  const databaseName = uniqueDatabaseName()
  const key = await generateSessionKey()
  await (await createKeyStore({ databaseName })).save(key, sessionMetadata())
  return { databaseName, key }
}

const publicKeys = (sessions: { key: SessionKey }[]) => sessions.map((session) => session.key.publicKey)

describe('restoring a session on page load', () => {
  it('reads the store once: createKeyStore(), list(), then get() of the key found', async () => {
    const { databaseName, key } = await storedSession()
    const reads = countReads(databaseName)

    const store = await createKeyStore({ databaseName })
    const [session] = await store.list()
    const found = await store.get(key.publicKey)

    expect(session?.key.publicKey).toBe(key.publicKey)
    expect(found?.key.publicKey).toBe(key.publicKey)
    expect(found?.key.keyPair.privateKey).toBeInstanceOf(CryptoKey)
    expect(reads()).toBe(1)
  })

  it("reads the store once for the client's current session", async () => {
    const { databaseName, key } = await storedSession()
    const reads = countReads(databaseName)

    const wallet = createWalletAuth({ baseUrl: '/api/wallet', keyStore: createKeyStore({ databaseName }) })
    try {
      expect((await wallet.sessions.current())?.key.publicKey).toBe(key.publicKey)
      expect(reads()).toBe(1)
    } finally {
      wallet.dispose()
    }
  })

  it('sees a session another store saved, or deleted, between open and list()', async () => {
    const { databaseName, key } = await storedSession()
    const store = await createKeyStore({ databaseName })
    // Another tab's store: it announces its writes, but nothing here listens for them.
    const other = await createKeyStore({ databaseName })
    const added = await generateSessionKey()
    await other.save(added, sessionMetadata())

    expect(publicKeys(await store.list())).toEqual([added.publicKey, key.publicKey])
    expect((await store.get(added.publicKey))?.key.publicKey).toBe(added.publicKey)

    const reopened = await createKeyStore({ databaseName })
    await other.delete(key.publicKey)
    expect(publicKeys(await reopened.list())).toEqual([added.publicKey])
    expect(await reopened.get(key.publicKey)).toBeUndefined()
  })

  it('sees a change nobody announced (an older kit, raw IndexedDB) between open and list()', async () => {
    const { databaseName, key } = await storedSession()
    const store = await createKeyStore({ databaseName })

    await inStore(databaseName, STORE_NAME, 'readwrite', (raw) => raw.delete(key.publicKey))

    expect(await store.list()).toEqual([])
    expect(await store.get(key.publicKey)).toBeUndefined()
  })

  it("sees its own write made in the opening read's task", async () => {
    const { databaseName, key } = await storedSession()
    const store = await createKeyStore({ databaseName })
    const deleting = store.delete(key.publicKey)

    // Asked before the delete is done: IndexedDB runs the read after the write it queued first.
    expect(await store.list()).toEqual([])
    await deleting
  })
})
