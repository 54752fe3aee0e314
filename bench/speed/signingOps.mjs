// Signing ops on one payload: the raw WebCrypto sign (the limit), our stamp() and the peer's two
// stampers, each checked to produce a valid stamp before it is timed.
import { ECDSA_SHA256 } from '../../src/crypto/ecdsaParams.ts'
import { utf8 } from '../../src/crypto/utf8.ts'
import { generateSessionKey } from '../../src/keys/index.ts'
import { stamp, verifyStamp } from '../../src/stamp/index.ts'
import { stampHeader } from '../../src/stamp/stamp.ts'
import { bulkUs } from '../shared/timing.mjs'
import { checkStampHeader } from './checkStampHeader.mjs'
import { peerApiKeyStamper, peerIndexedDbStamper } from './peerStampers.mjs'

// A realistic signed-retry payloadToSign (~300 bytes of compact JSON).
export const PAYLOAD = JSON.stringify({
  organizationId: 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c',
  parameters: {
    bodySha256: 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778',
  },
  requestId: 'Request:7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  timestampMs: '1700000000000',
  type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION',
})

const SANITY_STAMPS = 16

function expect(condition, message) {
  if (!condition) throw new Error(`signing bench: ${message}`)
}

/**
 * Sets up the four signing ops (same payload; same non-extractable key for raw, stamp and the peer's
 * IndexedDB stamper) and checks their output. Returns the ops, what the checks saw, and `encodeUs`.
 */
export async function signingOps() {
  const key = await generateSessionKey()
  const privateKey = key.keyPair.privateKey
  expect(!privateKey.extractable, 'the session key is extractable')
  const bytes = utf8(PAYLOAD)
  const indexedDb = await peerIndexedDbStamper(key.keyPair)
  const apiKey = await peerApiKeyStamper()

  const ops = {
    raw: () => crypto.subtle.sign(ECDSA_SHA256, privateKey, bytes),
    stamp: () => stamp(PAYLOAD, key),
    peerIndexedDb: () => indexedDb.stamp(PAYLOAD),
    peerApiKey: () => apiKey.stamp(PAYLOAD),
  }

  // A handful of stamps from each stamper, verified independently; the peer's may be high-S.
  const checks = {}
  const stampers = {
    stamp: [ops.stamp, key.publicKey],
    peerIndexedDb: [async () => (await ops.peerIndexedDb()).stampHeaderValue, key.publicKey],
    peerApiKey: [async () => (await ops.peerApiKey()).stampHeaderValue, apiKey.apiPublicKey],
  }
  for (const [name, [make, publicKey]] of Object.entries(stampers)) {
    let highS = 0
    for (let i = 0; i < SANITY_STAMPS; i++) {
      const { valid, lowS } = checkStampHeader(await make(), PAYLOAD, publicKey)
      expect(valid, `a ${name} stamp does not verify`)
      if (!lowS) highS++
    }
    checks[name] = { stamps: SANITY_STAMPS, verified: SANITY_STAMPS, highS }
  }
  expect(checks.stamp.highS === 0, 'stamp() produced a high-S signature')
  expect((await verifyStamp(await ops.stamp(), PAYLOAD)).valid, 'verifyStamp refuses our stamp')

  return { ops, checks, payloadBytes: bytes.length, encodeUs: await encodeUs(key) }
}

/**
 * The synchronous JS work each stamp() adds around the signature (the payload's UTF-8, then
 * stampHeader, as src/stamp/stamp.ts does), timed in bulk because it is too fast for one-op
 * timing. It must still produce a verifying stamp, or it has drifted from stamp().
 */
async function encodeUs(key) {
  const raw = new Uint8Array(await crypto.subtle.sign(ECDSA_SHA256, key.keyPair.privateKey, utf8(PAYLOAD)))
  const encode = () => {
    utf8(PAYLOAD)
    return stampHeader(key.publicKey, raw)
  }
  expect((await verifyStamp(encode(), PAYLOAD)).valid, 'the encode step does not verify')
  return bulkUs(encode)
}
