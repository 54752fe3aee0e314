import { describe, expect, it } from 'vitest'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { stamp } from '../../src/stamp/stamp.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { expectCode } from '../helpers/expectCode.js'

const metadata = (expiresAt: string) => ({
  sessionId: 'Session:1',
  accountId: 'InternalAccount:1',
  credentialId: 'AuthMethod:1',
  type: 'EMAIL_OTP' as const,
  expiresAt,
})

describe('generateSessionKey (Node WebCrypto)', () => {
  it('makes a non-extractable signing key with both public encodings', async () => {
    const key = await generateSessionKey()
    expect(key.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(key.publicKeyUncompressed).toMatch(/^04[0-9a-f]{128}$/)
    expect(key.publicKeyUncompressed.slice(2, 66)).toBe(key.publicKey.slice(2))
    expect(key.keyPair.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('pkcs8', key.keyPair.privateKey)).rejects.toThrow()
    expect((await verifyStamp(await stamp('x', key), 'x')).valid).toBe(true)
  })
})

describe('createKeyStore without IndexedDB', () => {
  it('falls back to memory and says so', async () => {
    expect(globalThis.indexedDB).toBeUndefined()
    const store = await createKeyStore()
    expect(store.persistence).toBe('memory')
  })

  it('saves, lists newest first, hides and purges expired sessions, deletes and clears', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z')
    const store = await createKeyStore({ indexedDB: null, now: () => now })
    const older = await generateSessionKey()
    const newer = await generateSessionKey()
    await store.save(older, metadata('2026-11-21T10:05:00Z'))
    now += 1000
    await store.save(newer, metadata('2026-11-21T10:15:00Z'))
    expect((await store.list()).map((s) => s.key.publicKey)).toEqual([newer.publicKey, older.publicKey])
    expect((await store.get(older.publicKey))?.key.keyPair).toBe(older.keyPair)
    now = Date.parse('2026-11-21T10:05:00Z')
    expect(await store.get(older.publicKey)).toBeUndefined()
    expect((await store.list()).map((s) => s.key.publicKey)).toEqual([newer.publicKey])
    await store.delete(newer.publicKey)
    expect(await store.list()).toEqual([])
    await store.save(newer, metadata('2026-11-21T10:15:00Z'))
    await store.clear()
    expect(await store.list()).toEqual([])
  })

  it('treats a session as expired 30 s early by default, and an unparseable expiresAt as invalid', async () => {
    const now = Date.parse('2026-11-21T10:00:00Z')
    const key = await generateSessionKey()
    const strict = await createKeyStore({ indexedDB: null, now: () => now })
    await strict.save(key, metadata('2026-11-21T10:00:20Z'))
    expect(await strict.get(key.publicKey)).toBeUndefined()
    const lenient = await createKeyStore({ indexedDB: null, now: () => now, expiryMarginMs: 0 })
    await lenient.save(key, metadata('2026-11-21T10:00:20Z'))
    expect((await lenient.get(key.publicKey))?.key.keyPair).toBe(key.keyPair)
    await expectCode(() => lenient.save(key, metadata('soon')), 'INVALID_ARGUMENT')
  })

  it('refuses to save an extractable private key, and stores nothing', async () => {
    const store = await createKeyStore({ indexedDB: null })
    const honest = await generateSessionKey()
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])
    // Built by hand: sessionKeyFromKeyPair would refuse it before the store sees it.
    const exportable = { ...honest, keyPair }
    await expectCode(() => store.save(exportable, metadata('2099-01-01T00:00:00Z')), 'INVALID_ARGUMENT')
    expect(await store.list()).toEqual([])
  })
})
