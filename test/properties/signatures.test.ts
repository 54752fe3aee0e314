// Properties of the P-256 helpers: DER <-> raw signatures with low-S normalisation, point
// (de)compression and the curve check, and DER ECDSA verification. @noble/curves is the oracle.
import { p256 } from '@noble/curves/nist.js'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.js'
import { importVerifyKey, verifyDerSignature } from '../../src/crypto/ecdsa.js'
import { ECDSA_P256, ECDSA_SHA256 } from '../../src/crypto/ecdsaParams.js'
import {
  assertUncompressedPoint,
  bigIntToBytes,
  bytesToBigInt,
  compressPublicKey,
  decompressPublicKey,
  P256_ORDER,
  P256_P,
  toUncompressedPublicKey,
} from '../../src/crypto/p256.js'
import { rawSignatureToDer } from '../../src/crypto/rawSignatureToDer.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }
import {
  anyValue,
  everyPosition,
  flipArbitrary,
  flipByte,
  refusedWith,
  type Settled,
  settle,
  settleSync,
} from './hostile.js'
import { createPropertyTally } from './propertyTally.js'

const tally = createPropertyTally()
const n = P256_ORDER
const HALF = n / 2n

// Integers of 256 bits with the edges a DER or range check gets wrong drawn often.
const edge = fc.constantFrom(
  0n,
  1n,
  2n,
  127n,
  128n,
  255n,
  256n,
  HALF - 1n,
  HALF,
  HALF + 1n,
  n - 1n,
  n,
  n + 1n,
  2n ** 255n,
  2n ** 256n - 1n,
)
const scalar256 = fc.oneof(
  edge,
  fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  // Short values: leading zero bytes in the raw form, short DER integers.
  fc.bigInt({ min: 0n, max: 2n ** 64n }),
  fc.bigInt({ min: 1n, max: n - 1n }),
)
const inRange = fc.oneof(
  fc.bigInt({ min: 1n, max: n - 1n }),
  fc.constantFrom(1n, HALF, HALF + 1n, n - 1n, 2n ** 255n),
)
const raw64 = (r: bigint, s: bigint) => Uint8Array.from([...bigIntToBytes(r, 32), ...bigIntToBytes(s, 32)])
const lowS = (s: bigint) => (s > HALF ? n - s : s)
const validScalar = fc.bigInt({ min: 1n, max: n - 1n })

function nobleDer(der: Uint8Array): { r: bigint; s: bigint } | undefined {
  try {
    const { r, s } = p256.Signature.fromBytes(der, 'der')
    return { r, s }
  } catch {
    return undefined
  }
}

function nobleAcceptsPoint(bytes: Uint8Array): boolean {
  try {
    p256.Point.fromBytes(bytes).assertValidity()
    return true
  } catch {
    return false
  }
}

afterAll(() =>
  tally.record({
    name: 'Signatures and points: DER, low-S, P-256 (de)compression, ECDSA verify',
    tried:
      'Random and edge-case (0, 1, n/2, n-1, n, 2^256-1) signature integers through raw -> DER -> raw; ' +
      'structured and mutated DER against @noble/curves as an oracle; random scalars, x coordinates and ' +
      '65-byte strings through compression and the curve check; WebCrypto signatures over random ' +
      'messages, with high-S twins and single byte flips of message, signature and key.',
    covered: [
      'derSignatureToRaw',
      'rawSignatureToDer',
      'compressPublicKey',
      'decompressPublicKey',
      'assertUncompressedPoint',
      'toUncompressedPublicKey',
      'importVerifyKey',
      'verifyDerSignature',
    ],
  }),
)

describe('DER and raw signatures', () => {
  it('raw -> DER -> raw keeps r, normalises s to low-S, and refuses out-of-range integers', async () => {
    await tally.check(
      'DER: derSignatureToRaw(rawSignatureToDer(r||s)) = r||lowS(s) iff 1 <= r,s < n',
      fc.property(scalar256, scalar256, (r, s) => {
        const der = rawSignatureToDer(raw64(r, s))
        expect(der[0]).toBe(0x30)
        expect(der[1]).toBe(der.length - 2)
        expect(der.length).toBeLessThanOrEqual(72)
        const settled = settleSync(() => derSignatureToRaw(der))
        const valid = r >= 1n && r < n && s >= 1n && s < n
        expect(settled.ok).toBe(valid)
        if (settled.ok) {
          expect(settled.value).toEqual(raw64(r, lowS(s)))
          // The independent parser reads the same integers.
          expect(nobleDer(der)).toEqual({ r, s: lowS(s) })
        }
        return refusedWith(settled, 'INVALID_SIGNATURE_ENCODING')
      }),
      1000,
    )
  })

  it('accepts only canonical DER: re-encoding an accepted low-S signature gives the same bytes', async () => {
    // DER built by hand with random length forms, padding and trailing bytes.
    const integer = fc.record({
      value: inRange,
      extraZeros: fc.constantFrom(0, 0, 0, 1, 2),
      dropPad: fc.boolean(),
    })
    const derArbitrary = fc
      .record({ r: integer, s: integer, trailing: fc.uint8Array({ maxLength: 2 }), longForm: fc.boolean() })
      .map(({ r, s, trailing, longForm }) => {
        const encode = ({
          value,
          extraZeros,
          dropPad,
        }: {
          value: bigint
          extraZeros: number
          dropPad: boolean
        }) => {
          let bytes = [...bigIntToBytes(value, 32)]
          while (bytes.length > 1 && bytes[0] === 0) bytes.shift()
          if ((bytes[0] as number) & 0x80 && !dropPad) bytes.unshift(0)
          bytes = [...new Array<number>(extraZeros).fill(0), ...bytes]
          return [0x02, bytes.length, ...bytes]
        }
        const body = [...encode(r), ...encode(s), ...trailing]
        return Uint8Array.from([0x30, ...(longForm ? [0x81] : []), body.length, ...body])
      })
    await tally.check(
      'DER: derSignatureToRaw agrees with noble on built DER; accepted low-S DER is byte-canonical',
      fc.property(derArbitrary, (der) => {
        const settled = settleSync(() => derSignatureToRaw(der))
        const oracle = nobleDer(der)
        if (settled.ok) {
          expect(oracle, 'noble accepts what we accept').toBeDefined()
          const r = bytesToBigInt(settled.value.subarray(0, 32))
          const s = bytesToBigInt(settled.value.subarray(32))
          expect({ r, s }).toEqual(oracle)
          if (s <= HALF) expect(bytesToHex(rawSignatureToDer(settled.value))).toBe(bytesToHex(der))
        } else {
          // We may be stricter than noble only by refusing what DER forbids (the long length form).
          if (oracle) expect(der[1]).toBe(0x81)
        }
        return refusedWith(settled, 'INVALID_SIGNATURE_ENCODING')
      }),
      1000,
    )
  })

  it('agrees with noble on every single-byte change of valid DER signatures', async () => {
    const vectors = stampVectors.cases.map((c) => Uint8Array.from(Buffer.from(c.signatureDerHex, 'hex')))
    let flips = 0
    for (const der of vectors) {
      for (const { index, mask } of everyPosition(der.length, [0x01, 0x80, 0xff])) {
        const tampered = flipByte(der, index, mask)
        flips++
        const settled = await settle(() => derSignatureToRaw(tampered))
        const oracle = nobleDer(tampered)
        if (settled.ok) {
          expect(oracle).toEqual({
            r: bytesToBigInt(settled.value.subarray(0, 32)),
            s: bytesToBigInt(settled.value.subarray(32)),
          })
        } else expect(refusedWith(settled, 'INVALID_SIGNATURE_ENCODING')).toBe(true)
        // Any byte change either breaks the encoding or changes an integer.
        if (settled.ok) expect(settled.value).not.toEqual(derSignatureToRaw(der))
      }
    }
    tally.enumerated('DER: every byte of the vector signatures flipped (0x01, 0x80, 0xff)', flips)
    tally.flips('DER signature (exhaustive over the stamp vectors)', flips)
  })

  it('throws only INVALID_SIGNATURE_ENCODING on any value, either direction', async () => {
    await tally.check(
      'DER: derSignatureToRaw(any value) and rawSignatureToDer(any value) throw only INVALID_SIGNATURE_ENCODING',
      fc.asyncProperty(fc.oneof(anyValue, fc.uint8Array({ minLength: 60, maxLength: 75 })), async (value) => {
        const parsed = await settle(() => derSignatureToRaw(value as Uint8Array))
        const encoded = await settle(() => rawSignatureToDer(value as Uint8Array))
        if (encoded.ok) expect((value as Uint8Array).length).toBe(64)
        return (
          refusedWith(parsed, 'INVALID_SIGNATURE_ENCODING') &&
          refusedWith(encoded, 'INVALID_SIGNATURE_ENCODING')
        )
      }),
      800,
    )
  })
})

describe('P-256 points', () => {
  it('compress and decompress are inverse on real public keys', async () => {
    await tally.check(
      'points: decompress(compress(P)) = P for P = d*G, matching noble',
      fc.property(validScalar, (d) => {
        const uncompressed = p256.getPublicKey(bigIntToBytes(d, 32), false)
        const compressed = compressPublicKey(uncompressed)
        expect(compressed).toEqual(p256.getPublicKey(bigIntToBytes(d, 32), true))
        expect(decompressPublicKey(compressed)).toEqual(uncompressed)
        expect(toUncompressedPublicKey(compressed)).toEqual(uncompressed)
        expect(toUncompressedPublicKey(uncompressed)).toEqual(uncompressed)
        assertUncompressedPoint(uncompressed)
      }),
      200,
    )
  })

  it('decompresses exactly the x coordinates on the curve', async () => {
    const x = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
      fc.constantFrom(0n, 1n, 3n, P256_P - 1n, P256_P, P256_P + 1n),
    )
    await tally.check(
      'points: decompressPublicKey(02|03 || x) is a point noble accepts, or INVALID_PUBLIC_KEY as noble refuses',
      fc.property(x, fc.constantFrom(2, 3), (xValue, prefix) => {
        const compressed = Uint8Array.from([prefix, ...bigIntToBytes(xValue, 32)])
        const settled = settleSync(() => decompressPublicKey(compressed))
        expect(settled.ok).toBe(nobleAcceptsPoint(compressed))
        if (settled.ok) {
          assertUncompressedPoint(settled.value)
          expect(compressPublicKey(settled.value)).toEqual(compressed)
        }
        return refusedWith(settled, 'INVALID_PUBLIC_KEY')
      }),
      500,
    )
  })

  it('assertUncompressedPoint agrees with noble on random and flipped points', async () => {
    const candidate = fc.oneof(
      fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Uint8Array.from([4, ...b])),
      fc
        .tuple(validScalar, flipArbitrary(65))
        .map(([d, { index, mask }]) => flipByte(p256.getPublicKey(bigIntToBytes(d, 32), false), index, mask)),
    )
    await tally.check(
      'points: assertUncompressedPoint(65 bytes) passes iff noble accepts an uncompressed point',
      fc.property(candidate, (bytes) => {
        let ours = true
        try {
          assertUncompressedPoint(bytes)
        } catch (error) {
          if (!refusedWith({ ok: false, error }, 'INVALID_PUBLIC_KEY')) return false
          ours = false
        }
        expect(ours).toBe(bytes[0] === 4 && nobleAcceptsPoint(bytes))
        return true
      }),
      500,
    )
    tally.flips('uncompressed P-256 point', 250)
  })

  it('every point decoder throws only INVALID_PUBLIC_KEY on any value', async () => {
    await tally.check(
      'points: decompress, assertUncompressedPoint, compress, toUncompressedPublicKey, importVerifyKey(any value) -> INVALID_PUBLIC_KEY',
      fc.asyncProperty(
        fc.oneof(
          anyValue,
          fc.uint8Array({ minLength: 33, maxLength: 33 }),
          fc.uint8Array({ minLength: 65, maxLength: 65 }),
        ),
        async (value) => {
          const bytes = value as Uint8Array
          const results: Settled<unknown>[] = [
            await settle(() => decompressPublicKey(bytes)),
            await settle(() => assertUncompressedPoint(bytes)),
            await settle(() => compressPublicKey(bytes)),
            await settle(() => toUncompressedPublicKey(bytes)),
          ]
          const imported = await settle(() => importVerifyKey(bytes))
          // A key imports iff it is a SEC1 point, compressed or uncompressed, on the curve.
          const isPoint =
            value instanceof Uint8Array &&
            ((value.length === 33 && (value[0] === 2 || value[0] === 3)) ||
              (value.length === 65 && value[0] === 4)) &&
            nobleAcceptsPoint(value)
          expect(imported.ok, `importVerifyKey(${fc.stringify(value)})`).toBe(isPoint)
          return [...results, imported].every((settled) => refusedWith(settled, 'INVALID_PUBLIC_KEY'))
        },
      ),
      600,
    )
  })

  it('importVerifyKey refuses the hybrid (06/07) and other non-SEC1 65-byte forms of real keys', async () => {
    await tally.check(
      'points: importVerifyKey refuses a real key with any prefix but 04 (65 bytes) or 02/03 (33 bytes)',
      fc.asyncProperty(validScalar, fc.integer({ min: 0, max: 255 }), async (d, prefix) => {
        const point = p256.getPublicKey(bigIntToBytes(d, 32), false)
        point[0] = prefix
        const settled = await settle(() => importVerifyKey(point))
        expect(settled.ok).toBe(prefix === 4)
        return refusedWith(settled, 'INVALID_PUBLIC_KEY')
      }),
      100,
    )
  })
})

describe('ECDSA verification', () => {
  let keys: { pair: CryptoKeyPair; compressed: Uint8Array; uncompressed: Uint8Array }[] = []
  beforeAll(async () => {
    keys = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const pair = await crypto.subtle.generateKey(ECDSA_P256, true, ['sign', 'verify'])
        const uncompressed = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
        return { pair, uncompressed, compressed: compressPublicKey(uncompressed) }
      }),
    )
  })

  it('verifies WebCrypto signatures, low-S and high-S, and refuses any flipped message or signature byte', async () => {
    let flips = 0
    await tally.check(
      'ECDSA: verifyDerSignature holds for sign+DER (both S forms, both key forms); one flipped byte fails',
      fc.asyncProperty(
        fc.nat({ max: 3 }),
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (k, message, messageAt, signatureAt, mask) => {
          const key = keys[k] as (typeof keys)[number]
          const raw = new Uint8Array(await crypto.subtle.sign(ECDSA_SHA256, key.pair.privateKey, message))
          const der = rawSignatureToDer(raw)
          const r = bytesToBigInt(raw.subarray(0, 32))
          const s = lowS(bytesToBigInt(raw.subarray(32)))
          // The kit's DER is already low-S; its high-S twin (r, n - s) is built by hand.
          expect(rawSignatureToDer(raw64(r, s))).toEqual(der)
          const high = Uint8Array.from([
            ...der.subarray(0, 4 + (der[3] as number)),
            0x02,
            0x21,
            0x00,
            ...bigIntToBytes(n - s, 32),
          ])
          high[1] = high.length - 2
          for (const publicKey of [key.compressed, key.uncompressed]) {
            expect(await verifyDerSignature({ publicKey, signature: der, message })).toBe(true)
            expect(await verifyDerSignature({ publicKey, signature: high, message })).toBe(true)
          }
          const otherMessage = flipByte(message, messageAt % message.length, mask)
          expect(
            await verifyDerSignature({ publicKey: key.compressed, signature: der, message: otherMessage }),
          ).toBe(false)
          const tampered = flipByte(der, signatureAt % der.length, mask)
          const settled = await settle(() =>
            verifyDerSignature({ publicKey: key.compressed, signature: tampered, message }),
          )
          flips += 2
          return (
            (settled.ok && settled.value === false) ||
            (refusedWith(settled, 'INVALID_SIGNATURE_ENCODING') && !settled.ok)
          )
        },
      ),
      200,
    )
    tally.flips('ECDSA message and DER signature', flips)
  })
})
