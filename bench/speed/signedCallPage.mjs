// The signed-call bench page (bundled by esbuild with the kit's TypeScript sources): `wallet.fetch`
// against an in-page fake service that answers a 202 challenge, then 200 to the signed retry, at
// once; beside it the raw WebCrypto signature of the same payload. Each page is one tab; the tabs
// of one browser context share the session through IndexedDB.
import { createWalletAuth } from '../../src/client/index.ts'
import { ECDSA_SHA256 } from '../../src/crypto/ecdsaParams.ts'
import { utf8 } from '../../src/crypto/utf8.ts'
import { createKeyStore, generateSessionKey } from '../../src/keys/index.ts'
import { fakeService } from '../shared/fakeService.mjs'
import { timeAlternating } from '../shared/timing.mjs'

const DATABASE = 'signed-call-bench'
const ORGANIZATION = 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c'
const SESSION_ID = 'Session:5f0c2b1e-3d4a-4b6c-8e9f-0a1b2c3d4e5f'

const payloadOf = (requestId) =>
  JSON.stringify({
    organizationId: ORGANIZATION,
    parameters: { apiKeyIds: [SESSION_ID] },
    requestId,
    timestampMs: String(Date.now()),
    type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
  })

/** Stores one session key in the shared database (run in one tab, before the others open). */
globalThis.setupSession = async () => {
  const store = await createKeyStore({ databaseName: DATABASE })
  await store.clear()
  const key = await generateSessionKey()
  await store.save(key, {
    sessionId: SESSION_ID,
    accountId: 'InternalAccount:bench',
    credentialId: 'Credential:bench',
    type: 'EMAIL_OTP',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  })
  return key.publicKey
}

/**
 * Times `iterations` signed calls through `wallet.fetch` and as many raw signatures of a payload of
 * the same shape, in alternating batches. Returns the per-call durations (ms) of each.
 */
globalThis.runSignedCalls = async ({ iterations = 400, warmup = 40, batch = 20 } = {}) => {
  const counts = { signed: 0 }
  // The reads of the store made by the calls, beside their time.
  const reads = { count: 0 }
  const keyStore = createKeyStore({ databaseName: DATABASE }).then((store) => ({
    ...store,
    onExternalChange: store.onExternalChange,
    onWrite: store.onWrite,
    get(publicKey) {
      reads.count++
      return store.get(publicKey)
    },
    list() {
      reads.count++
      return store.list()
    },
  }))
  const wallet = createWalletAuth({
    baseUrl: 'https://relay.invalid/api',
    keyStore,
    fetch: fakeService({ counts, payloadOf }),
  })
  const session = await wallet.sessions.current()
  if (!session) throw new Error('signed-call bench: no session in the store')
  const privateKey = session.key.keyPair.privateKey
  const url = `https://relay.invalid/api/auth/sessions/${encodeURIComponent(SESSION_ID)}`
  const ops = {
    raw: () =>
      crypto.subtle.sign(ECDSA_SHA256, privateKey, utf8(payloadOf(`Request:${crypto.randomUUID()}`))),
    signedCall: async () => {
      const response = await wallet.fetch(url, { method: 'DELETE' })
      if (response.status !== 200) throw new Error(`signed-call bench: ${response.status}`)
    },
  }
  const readsBefore = reads.count
  const timings = await timeAlternating(ops, { iterations, warmup, batch })
  const storeReads = reads.count - readsBefore
  const expected = Math.ceil(iterations / batch) * batch + Math.ceil(warmup / batch) * batch
  if (counts.signed !== expected)
    throw new Error(`signed-call bench: ${counts.signed} signed, not ${expected}`)
  wallet.dispose()
  return {
    rawMs: timings.raw.ms,
    callMs: timings.signedCall.ms,
    publicKey: session.key.publicKey,
    storeReads,
    calls: counts.signed,
  }
}
