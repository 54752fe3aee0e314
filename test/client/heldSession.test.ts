// Issue 20: a client signs with the session it holds in memory, without reading the store before
// every signature, only while nothing can have changed the store under it. Two clients of one page
// on one in-memory store have no channel between them: a key the other one deleted or replaced
// must still never sign; and a key a tab replaced before its message arrived is read again once
// the service refuses it.
import { describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/createWalletAuth.js'
import { createKeyStore, type KeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { parseStamp } from '../../src/stamp/parseStamp.js'
import { expectCode } from '../helpers/expectCode.js'

const ORGANIZATION = 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c'
const SESSION_ID = 'Session:5f0c2b1e-3d4a-4b6c-8e9f-0a1b2c3d4e5f'
const URL_TO_SIGN = `https://relay.example/api/auth/sessions/${SESSION_ID}`

/** A service that challenges every unsigned call and records the key of every signed one. */
function fakeService() {
  const signedBy: string[] = []
  // Set: only these keys' signatures are accepted (the others were revoked by a refresh).
  const valid = { keys: undefined as string[] | undefined }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    if (init?.method !== 'DELETE') return new Response(null, { status: 404 })
    const stamp = new Headers(init?.headers).get('Service-Wallet-Signature')
    if (stamp) {
      const { publicKey } = parseStamp(stamp)
      signedBy.push(publicKey)
      if (valid.keys && !valid.keys.includes(publicKey)) {
        const refusal = { status: 401, code: 'WALLET_SIGNATURE_INVALID', message: 'revoked' }
        return Response.json(refusal, { status: 401 })
      }
      return new Response('{}', { status: 200 })
    }
    const requestId = `Request:${crypto.randomUUID()}`
    const payloadToSign = JSON.stringify({
      organizationId: ORGANIZATION,
      parameters: { apiKeyIds: [SESSION_ID] },
      requestId,
      timestampMs: String(Date.now()),
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
    })
    const expiresAt = new Date(Date.now() + 60_000).toISOString()
    return Response.json({ type: 'SIGNED_RETRY', payloadToSign, requestId, expiresAt }, { status: 202 })
  }
  return { fetch, signedBy, valid }
}

const metadata = () => ({
  sessionId: SESSION_ID,
  accountId: 'InternalAccount:1',
  credentialId: 'Credential:1',
  type: 'EMAIL_OTP' as const,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
})

async function twoClients(given?: KeyStore) {
  const store = given ?? (await createKeyStore({ indexedDB: null }))
  const key = await generateSessionKey()
  await store.save(key, metadata())
  const service = fakeService()
  const client = () =>
    createWalletAuth({ baseUrl: 'https://relay.example/api', keyStore: store, fetch: service.fetch })
  const [first, second] = [client(), client()]
  // Both have signed once: each holds the session, read from the store.
  for (const wallet of [first, second])
    expect((await wallet.fetch(URL_TO_SIGN, { method: 'DELETE' })).status).toBe(200)
  expect(service.signedBy).toEqual([key.publicKey, key.publicKey])
  return { store, key, service, first, second }
}

describe('the session a client holds in memory', () => {
  it('is not used once another client of the store deleted its key', async () => {
    const { store, key, service, second } = await twoClients()
    await store.delete(key.publicKey)
    await expectCode(() => second.fetch(URL_TO_SIGN, { method: 'DELETE' }), 'NO_SESSION_KEY')
    expect(service.signedBy).toHaveLength(2)
  })

  it('gives way to the key another client of the store replaced it with', async () => {
    const { store, key, service, second } = await twoClients()
    const replacement: SessionKey = await generateSessionKey()
    await store.save(replacement, metadata())
    await store.delete(key.publicKey)
    expect((await second.fetch(URL_TO_SIGN, { method: 'DELETE' })).status).toBe(200)
    expect(service.signedBy.at(-1)).toBe(replacement.publicKey)
  })

  it('is read again when the service refuses it: another tab replaced it, its word not yet here', async () => {
    // The other tab writes to the same store, and this page has not heard of it yet.
    const shared = await createKeyStore({ indexedDB: null })
    const unheard: KeyStore = { ...shared, onWrite: () => () => {} }
    const { key, service, second } = await twoClients(unheard)
    const replacement = await generateSessionKey()
    await shared.save(replacement, metadata())
    await shared.delete(key.publicKey)
    service.valid.keys = [replacement.publicKey]
    expect((await second.fetch(URL_TO_SIGN, { method: 'DELETE' })).status).toBe(200)
    expect(service.signedBy.slice(2)).toEqual([key.publicKey, replacement.publicKey])
  })
})
