import { assert, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import {
  createKeyStore,
  generateSessionKey,
  type SessionMetadata,
  type StoredSession,
} from '../../src/keys/index.js'
import { stamp, verifyStamp } from '../../src/stamp/index.js'
import { inStore, openDatabase, uniqueDatabaseName } from '../browser/rawIndexedDb.js'
import { STORE_NAME } from './keyStoreKit.js'

const T0 = Date.parse('2030-01-01T00:00:00Z')
const at = (time: number) => new Date(time).toISOString()

async function expectToSign(session: StoredSession | undefined, publicKey: string) {
  assert(session, 'session not found')
  const header = await stamp('payload', session.key)
  expect(await verifyStamp(header, 'payload')).toEqual({ valid: true, publicKey })
}

function metadata(expiresAt: string): SessionMetadata {
  return {
    sessionId: `Session:${crypto.randomUUID()}`,
    accountId: `InternalAccount:${crypto.randomUUID()}`,
    credentialId: 'credential-1',
    type: 'EMAIL_OTP',
    expiresAt,
  }
}

describe('generateSessionKey', () => {
  it('makes a private key that signs but can never be exported', async () => {
    const { keyPair, publicKey, publicKeyUncompressed } = await generateSessionKey()

    expect(keyPair.privateKey.extractable).toBe(false)
    expect(keyPair.privateKey.usages).toEqual(['sign'])
    await expect(crypto.subtle.exportKey('pkcs8', keyPair.privateKey)).rejects.toMatchObject({
      name: 'InvalidAccessError',
    })
    await expect(crypto.subtle.exportKey('jwk', keyPair.privateKey)).rejects.toMatchObject({
      name: 'InvalidAccessError',
    })
    expect(publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(publicKeyUncompressed).toMatch(/^04[0-9a-f]{128}$/)
  })
})

describe('createKeyStore', () => {
  it('persists in IndexedDB in Chromium', async () => {
    expect((await createKeyStore()).persistence).toBe('indexeddb')
  })

  it('gives a saved key back to a separate document, still non-extractable and signing', async () => {
    const databaseName = uniqueDatabaseName()
    const store = await createKeyStore({ databaseName })
    const key = await generateSessionKey()
    await store.save(key, metadata(at(Date.now() + 3_600_000)))
    const message = '{"payloadToSign":"from another document"}'

    const reading = await commands.readKeyInNewPage(databaseName, key.publicKey, message)

    assert(reading, 'the other document did not find the key')
    expect(reading).toMatchObject({ publicKey: key.publicKey, extractable: false })
    expect(await verifyStamp(reading.stamp, message)).toEqual({ valid: true, publicKey: key.publicKey })
  })

  it('purges expired sessions when it opens', async () => {
    const databaseName = uniqueDatabaseName()
    const before = await createKeyStore({ databaseName, now: () => T0 })
    const expiring = await generateSessionKey()
    const lasting = await generateSessionKey()
    await before.save(expiring, metadata(at(T0 + 1_000)))
    await before.save(lasting, metadata(at(T0 + 60_000)))

    await createKeyStore({ databaseName, now: () => T0 + 2_000 })

    // Back at T0 the expiring session would be valid again, unless it was deleted.
    const rewound = await createKeyStore({ databaseName, now: () => T0 })
    expect(await rewound.get(expiring.publicKey)).toBeUndefined()
    expect((await rewound.list()).map((session) => session.key.publicKey)).toEqual([lasting.publicKey])
  })

  it('clear() wipes every record', async () => {
    const databaseName = uniqueDatabaseName()
    const store = await createKeyStore({ databaseName })
    await store.save(await generateSessionKey(), metadata(at(Date.now() + 60_000)))
    await store.save(await generateSessionKey(), metadata(at(Date.now() + 60_000)))

    await store.clear()

    expect(await store.list()).toEqual([])
    expect(await inStore(databaseName, STORE_NAME, 'readonly', (raw) => raw.count())).toBe(0)
  })

  it('ignores records of an unknown version and leaves them in place', async () => {
    const databaseName = uniqueDatabaseName()
    const known = await generateSessionKey()
    const future = await generateSessionKey()
    const store = await createKeyStore({ databaseName })
    await store.save(known, metadata(at(Date.now() + 60_000)))
    const { v: _v, ...record } = await inStore(databaseName, STORE_NAME, 'readonly', (raw) =>
      raw.get(known.publicKey),
    )
    await inStore(databaseName, STORE_NAME, 'readwrite', (raw) =>
      raw.put({ ...record, v: 2, publicKey: future.publicKey, keyPair: future.keyPair }, future.publicKey),
    )

    const reopened = await createKeyStore({ databaseName })

    expect(await reopened.get(future.publicKey)).toBeUndefined()
    expect((await reopened.list()).map((session) => session.key.publicKey)).toEqual([known.publicKey])
    expect(await inStore(databaseName, STORE_NAME, 'readonly', (raw) => raw.count())).toBe(2)
  })

  describe('falls back to memory', () => {
    it('when its database exists at a newer version (VersionError)', async () => {
      const databaseName = uniqueDatabaseName()
      const newer = await openDatabase(databaseName, 2, (database) => database.createObjectStore(STORE_NAME))
      newer.close()
      await expect(openDatabase(databaseName, 1)).rejects.toMatchObject({ name: 'VersionError' })

      const store = await createKeyStore({ databaseName })

      expect(store.persistence).toBe('memory')
      const key = await generateSessionKey()
      await store.save(key, metadata(at(Date.now() + 60_000)))
      await expectToSign(await store.get(key.publicKey), key.publicKey)
      expect(await store.list()).toHaveLength(1)
    })

    it('when indexedDB is null', async () => {
      const store = await createKeyStore({ indexedDB: null })

      expect(store.persistence).toBe('memory')
      const key = await generateSessionKey()
      await store.save(key, metadata(at(Date.now() + 60_000)))
      await expectToSign(await store.get(key.publicKey), key.publicKey)
    })
  })
})
