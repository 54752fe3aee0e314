// Properties of the stamp: stamp then verifyStamp holds for any payload and key, the signature is
// low-S, and a flipped byte of the header or of the stamp JSON is refused unless it leaves the
// public key and signature bytes unchanged. verifyStamp and stampChallenge throw only typed errors.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { bytesToBigInt, P256_ORDER } from '../../src/crypto/p256.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { STAMP_SCHEME, stamp } from '../../src/stamp/stamp.js'
import { stampChallenge } from '../../src/stamp/stampChallenge.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { importSessionKey } from '../helpers/importKeys.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }
import {
  anyValue,
  everyPosition,
  flipArbitrary,
  flipByte,
  hostileJson,
  hostileString,
  mutated,
  refusedWith,
  settle,
} from './hostile.js'
import { createPropertyTally } from './propertyTally.js'

const tally = createPropertyTally()
const payload = fc.oneof(hostileString, fc.string({ unit: 'binary', maxLength: 400 }), fc.json())
const vector = stampVectors.cases[0]
if (!vector) throw new Error('stamp vectors missing')

interface StampFields {
  publicKey: string
  signature: string
}

/** What a stamp JSON says, case-folded where hex: a flip that keeps this has changed nothing. */
function fieldsOf(json: string): StampFields | undefined {
  try {
    const { publicKey, scheme, signature } = JSON.parse(json)
    if (scheme !== STAMP_SCHEME || typeof publicKey !== 'string' || typeof signature !== 'string')
      return undefined
    return { publicKey: publicKey.toLowerCase(), signature: signature.toLowerCase() }
  } catch {
    return undefined
  }
}

afterAll(() =>
  tally.record({
    name: 'Stamps: stamp then verifyStamp, tampering, hostile headers',
    tried:
      'Arbitrary payloads (any code unit, JSON) stamped with generated and vector keys and verified; the ' +
      'stamp vectors (high-S too); every byte of a stamp JSON flipped and random header characters flipped; ' +
      'hostile headers, hand-built stamp JSON and challenge objects into verifyStamp and stampChallenge.',
    covered: ['stamp', 'verifyStamp (checkStamp)', 'stampChallenge'],
  }),
)

describe('stamp and verifyStamp', () => {
  let keys: SessionKey[] = []
  beforeAll(async () => {
    keys = [
      ...(await Promise.all([1, 2, 3].map(() => generateSessionKey()))),
      await importSessionKey(vector.privateKeyHex),
    ]
  })

  it('reproduces the vectors, high-S ones included', async () => {
    for (const c of stampVectors.cases) {
      expect(await verifyStamp(c.stamp, c.payloadToSign)).toEqual({
        valid: true,
        publicKey: c.publicKeyCompressed,
      })
      expect(bytesToBase64Url(utf8(c.stampJson))).toBe(c.stamp)
    }
    tally.enumerated('stamp: vectors verify', stampVectors.cases.length)
  })

  it('verifies any payload it stamped, with a low-S signature, and no other payload', async () => {
    await tally.check(
      'stamp: verifyStamp(stamp(p, k), p) = { valid, k.publicKey }, low-S; another payload is invalid',
      fc.asyncProperty(fc.nat({ max: 3 }), payload, payload, async (k, text, other) => {
        const key = keys[k] as SessionKey
        const header = await stamp(text, key)
        expect(header).toMatch(/^[A-Za-z0-9_-]+$/)
        const json = new TextDecoder().decode(base64UrlToBytes(header))
        expect(Object.keys(JSON.parse(json))).toEqual(['publicKey', 'scheme', 'signature'])
        const raw = derSignatureToRaw(hexToBytes(JSON.parse(json).signature))
        expect(bytesToBigInt(raw.subarray(32)) <= P256_ORDER / 2n).toBe(true)
        expect(await verifyStamp(header, text)).toEqual({ valid: true, publicKey: key.publicKey })
        // Lone surrogates encode to the same UTF-8, so "another payload" means other bytes.
        const otherBytes =
          Buffer.from(utf8(other)).toString('hex') !== Buffer.from(utf8(text)).toString('hex')
        if (otherBytes) expect((await verifyStamp(header, other)).valid).toBe(false)
      }),
      150,
    )
  })

  it('refuses every flipped byte of the stamp JSON that changes its key or signature', async () => {
    let benign = 0
    let flips = 0
    for (const c of stampVectors.cases) {
      const bytes = utf8(c.stampJson)
      for (const { index, mask } of everyPosition(bytes.length, [0x01, 0x20])) {
        const json = new TextDecoder().decode(flipByte(bytes, index, mask))
        const header = bytesToBase64Url(flipByte(bytes, index, mask))
        flips++
        const settled = await settle(() => verifyStamp(header, c.payloadToSign))
        expect(refusedWith(settled, 'INVALID_STAMP'), `${index}^${mask}`).toBe(true)
        if (settled.ok && settled.value.valid) {
          // Accepted: only a hex digit's case changed; the key and signature bytes are the same.
          expect(fieldsOf(json)).toEqual(fieldsOf(c.stampJson))
          benign++
        }
      }
    }
    tally.enumerated('stamp: every byte of every vector stamp JSON flipped (0x01, 0x20)', flips)
    tally.flips('stamp JSON (exhaustive over the vectors)', flips)
    tally.benign('stamp JSON (hex digit case)', benign)
  })

  it('refuses random character flips of the header unless the decoded stamp is unchanged', async () => {
    let benign = 0
    await tally.check(
      'stamp: a flipped header byte is INVALID_STAMP or invalid, unless it decodes to the same key and signature',
      fc.asyncProperty(flipArbitrary(vector.stamp.length), async ({ index, mask }) => {
        const header = new TextDecoder().decode(flipByte(utf8(vector.stamp), index, mask))
        const settled = await settle(() => verifyStamp(header, vector.payloadToSign))
        if (settled.ok && settled.value.valid) {
          // base64url's last character carries spare bits: a change there may decode to the same bytes.
          const json = new TextDecoder().decode(base64UrlToBytes(header))
          expect(fieldsOf(json)).toEqual(fieldsOf(vector.stampJson))
          benign++
        }
        return refusedWith(settled, 'INVALID_STAMP')
      }),
      400,
    )
    tally.flips('stamp header (random position and mask)', 400)
    tally.benign('stamp header (spare bits of the last base64url character)', benign)
  })

  it('throws only INVALID_STAMP on hostile headers and hand-built stamp JSON', async () => {
    const stampJson = fc
      .record({
        publicKey: fc.oneof(
          fc.constant(vector.publicKeyCompressed),
          fc.constant(vector.publicKeyUncompressed),
          hostileJson,
        ),
        scheme: fc.oneof(fc.constant(STAMP_SCHEME), hostileJson),
        signature: fc.oneof(fc.constant(vector.signatureDerHex), hostileJson),
      })
      .map((fields) => bytesToBase64Url(utf8(JSON.stringify(fields))))
    const mutatedJson = mutated(JSON.parse(vector.stampJson)).map((value) =>
      bytesToBase64Url(utf8(JSON.stringify(value) ?? '')),
    )
    await tally.check(
      'stamp: verifyStamp(hostile header, any payload) is a verdict or INVALID_STAMP',
      fc.asyncProperty(
        fc.oneof(stampJson, mutatedJson, hostileString, anyValue),
        payload,
        async (header, text) => {
          const settled = await settle(() => verifyStamp(header as string, text))
          if (settled.ok) expect(settled.value.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
          return refusedWith(settled, 'INVALID_STAMP')
        },
      ),
      800,
    )
  })
})

describe('stampChallenge', () => {
  let key: SessionKey
  beforeAll(async () => {
    key = await generateSessionKey()
  })

  it('stamps a valid challenge and refuses anything else with a typed error', async () => {
    const now = Date.parse('2026-11-22T02:30:00Z')
    const challenge = {
      payloadToSign: '{"type":"ACTIVITY_TYPE_STAMP_LOGIN"}',
      requestId: 'Request:1',
      expiresAt: '2026-11-22T02:35:00Z',
    }
    await tally.check(
      'stamp: stampChallenge(hostile challenge) -> headers that verify, or INVALID_RESPONSE / CHALLENGE_EXPIRED',
      fc.asyncProperty(fc.oneof(mutated(challenge), hostileJson, anyValue), async (value) => {
        const settled = await settle(() => stampChallenge(value as never, key, { now: () => now }))
        if (settled.ok) {
          const { payloadToSign, requestId } = value as typeof challenge
          expect(settled.value['Request-Id']).toBe(requestId)
          const header = settled.value['Service-Wallet-Signature'] as string
          expect((await verifyStamp(header, payloadToSign)).valid).toBe(true)
        }
        return refusedWith(settled, 'INVALID_RESPONSE', 'CHALLENGE_EXPIRED')
      }),
      300,
    )
  })
})
