import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { generateSessionKey, type SessionKey, sessionKeyFromKeyPair } from '../../src/keys/sessionKey.js'
import { STAMP_SCHEME, stamp } from '../../src/stamp/stamp.js'
import { stampChallenge } from '../../src/stamp/stampChallenge.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { expectCode } from '../helpers/expectCode.js'
import { importSessionKey } from '../helpers/importKeys.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }

const decodeStamp = (header: string) => JSON.parse(new TextDecoder().decode(base64UrlToBytes(header)))
const encodeStamp = (json: string) => bytesToBase64Url(new TextEncoder().encode(json))

describe('stamp', () => {
  it.each(stampVectors.cases.filter((vector) => !vector.highS))(
    'signs $name with the vector key: exact JSON layout, low-S, verified by noble',
    async (vector) => {
      const key = await importSessionKey(vector.privateKeyHex)
      expect(key.publicKey).toBe(vector.publicKeyCompressed)
      const header = await stamp(vector.payloadToSign, key)
      const json = new TextDecoder().decode(base64UrlToBytes(header))
      const { signature } = JSON.parse(json)
      // Same bytes as the independent stamp apart from the (randomised) signature.
      expect(json).toBe(vector.stampJson.replace(vector.signatureDerHex, signature))
      const message = new TextEncoder().encode(vector.payloadToSign)
      // noble's default is strict low-S: a high-S signature from WebCrypto would fail here.
      expect(p256.verify(hexToBytes(signature), message, hexToBytes(key.publicKey), { format: 'der' })).toBe(
        true,
      )
    },
  )

  it('is low-S over many signatures (WebCrypto emits high-S about half the time)', async () => {
    const key = await generateSessionKey()
    for (let i = 0; i < 64; i++) {
      const { signature } = decodeStamp(await stamp(`payload ${i}`, key))
      const message = new TextEncoder().encode(`payload ${i}`)
      expect(p256.verify(hexToBytes(signature), message, hexToBytes(key.publicKey), { format: 'der' })).toBe(
        true,
      )
    }
  })
})

describe('verifyStamp', () => {
  it.each(stampVectors.cases)('accepts the independent stamp $name (high-S: $highS)', async (vector) => {
    const result = await verifyStamp(vector.stamp, vector.payloadToSign)
    expect(result).toEqual({ valid: true, publicKey: vector.publicKeyCompressed })
  })

  it('says invalid for another payload, even one that differs only in whitespace or normalisation', async () => {
    const vector = stampVectors.cases.find((c) => c.name === 'unicode-and-whitespace')
    if (!vector) throw new Error('vector missing')
    for (const other of [
      vector.payloadToSign.trim(),
      vector.payloadToSign.normalize('NFC'),
      `${vector.payloadToSign} `,
    ]) {
      expect(other).not.toBe(vector.payloadToSign)
      expect((await verifyStamp(vector.stamp, other)).valid).toBe(false)
    }
  })

  it('says invalid for a signature by another key', async () => {
    const a = stampVectors.cases[0]
    const b = stampVectors.cases.find((c) => c.publicKeyCompressed !== a?.publicKeyCompressed)
    if (!a || !b) throw new Error('vectors missing')
    const forged = encodeStamp(a.stampJson.replace(a.publicKeyCompressed, b.publicKeyCompressed))
    expect(a.publicKeyCompressed).not.toBe(b.publicKeyCompressed)
    expect(await verifyStamp(forged, a.payloadToSign)).toEqual({
      valid: false,
      publicKey: b.publicKeyCompressed,
    })
  })

  const [vector] = stampVectors.cases
  if (!vector) throw new Error('vectors missing')
  const fields = {
    publicKey: vector.publicKeyCompressed,
    scheme: STAMP_SCHEME,
    signature: vector.signatureDerHex,
  }
  it.each([
    ['not base64url', '***'],
    ['not JSON', encodeStamp('{publicKey')],
    ['JSON null', encodeStamp('null')],
    ['missing publicKey', encodeStamp(JSON.stringify({ ...fields, publicKey: undefined }))],
    ['numeric signature', encodeStamp(JSON.stringify({ ...fields, signature: 5 }))],
    ['unknown scheme', encodeStamp(JSON.stringify({ ...fields, scheme: 'SIGNATURE_SCHEME_OTHER' }))],
    ['uncompressed key', encodeStamp(JSON.stringify({ ...fields, publicKey: vector.publicKeyUncompressed }))],
    ['key off the curve', encodeStamp(JSON.stringify({ ...fields, publicKey: `02${'ff'.repeat(32)}` }))],
    ['bad DER', encodeStamp(JSON.stringify({ ...fields, signature: `${vector.signatureDerHex}00` }))],
    ['non-hex signature', encodeStamp(JSON.stringify({ ...fields, signature: 'xyz' }))],
    ['invalid UTF-8', bytesToBase64Url(Uint8Array.of(0xff, 0xfe))],
  ])('rejects a stamp with %s as INVALID_STAMP', async (_name, header) => {
    await expectCode(() => verifyStamp(header, vector.payloadToSign), 'INVALID_STAMP')
  })
})

describe('stampChallenge', () => {
  const challenge = {
    type: 'EMAIL_OTP',
    payloadToSign: '{"organizationId":"o","parameters":{},"timestampMs":"1","type":"ACTIVITY_TYPE_X"}',
    requestId: 'Request:7c4a8d09-ca37-4e1b-9f57-0c2d3c9e1a11',
    expiresAt: '2030-01-01T00:05:00Z',
  }

  it('returns the signature and Request-Id headers, under a custom header name too', async () => {
    const key = await generateSessionKey()
    const headers = await stampChallenge(challenge, key, { now: () => Date.parse('2030-01-01T00:00:00Z') })
    expect(Object.keys(headers)).toEqual(['Service-Wallet-Signature', 'Request-Id'])
    expect(headers['Request-Id']).toBe(challenge.requestId)
    expect(await verifyStamp(headers['Service-Wallet-Signature'] ?? '', challenge.payloadToSign)).toEqual({
      valid: true,
      publicKey: key.publicKey,
    })
    const renamed = await stampChallenge(challenge, key, { headerName: 'X-Wallet-Signature', now: () => 0 })
    expect(Object.keys(renamed)).toEqual(['X-Wallet-Signature', 'Request-Id'])
  })

  it('refuses an expired challenge with CHALLENGE_EXPIRED, at the exact deadline too', async () => {
    const key = await generateSessionKey()
    await expectCode(
      () => stampChallenge(challenge, key, { now: () => Date.parse(challenge.expiresAt) }),
      'CHALLENGE_EXPIRED',
    )
  })

  it('refuses something that is not a challenge with INVALID_RESPONSE', async () => {
    const key = await generateSessionKey()
    for (const bad of [null, {}, { ...challenge, requestId: 5 }, { ...challenge, expiresAt: 'soon' }]) {
      await expectCode(() => stampChallenge(bad as typeof challenge, key), 'INVALID_RESPONSE')
    }
  })
})

describe('stamp input', () => {
  it('refuses a payload that is not a string, and a key that is not a session key', async () => {
    const key = await generateSessionKey()
    await expectCode(() => stamp(undefined as unknown as string, key), 'INVALID_ARGUMENT')
    await expectCode(() => stamp('payload', {} as SessionKey), 'INVALID_ARGUMENT')
  })

  it('never wraps an exportable private key as a session key', async () => {
    const exportable = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])
    await expectCode(() => sessionKeyFromKeyPair(exportable), 'INVALID_ARGUMENT')
    const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
    await expectCode(() => sessionKeyFromKeyPair(ecdh), 'INVALID_ARGUMENT')
  })
})
