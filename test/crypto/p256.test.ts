import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { assertUncompressedPoint, compressPublicKey, decompressPublicKey } from '../../src/crypto/p256.js'
import { expectCode } from '../helpers/expectCode.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }

describe('P-256 point encodings', () => {
  it.each(stampVectors.cases)('compresses and decompresses the $name key like noble', (vector) => {
    const uncompressed = hexToBytes(vector.publicKeyUncompressed)
    expect(bytesToHex(compressPublicKey(uncompressed))).toBe(vector.publicKeyCompressed)
    expect(bytesToHex(decompressPublicKey(hexToBytes(vector.publicKeyCompressed)))).toBe(
      vector.publicKeyUncompressed,
    )
  })

  it('decompresses both parities for many random points', () => {
    for (let i = 0; i < 50; i++) {
      const point = p256.getPublicKey(p256.utils.randomSecretKey(), false)
      const compressed = compressPublicKey(point)
      expect(compressed[0] === 0x02 || compressed[0] === 0x03).toBe(true)
      expect(decompressPublicKey(compressed)).toEqual(point)
    }
  })

  it('rejects points off the curve, wrong prefixes and wrong lengths', async () => {
    const point = hexToBytes(stampVectors.cases[0]?.publicKeyUncompressed ?? '')
    const offCurve = Uint8Array.from(point)
    offCurve[64] = (offCurve[64] ?? 0) ^ 1
    await expectCode(() => assertUncompressedPoint(offCurve), 'INVALID_PUBLIC_KEY')
    await expectCode(() => assertUncompressedPoint(point.subarray(0, 64)), 'INVALID_PUBLIC_KEY')
    await expectCode(
      () => assertUncompressedPoint(Uint8Array.of(0x05, ...point.subarray(1))),
      'INVALID_PUBLIC_KEY',
    )
    await expectCode(
      () => decompressPublicKey(Uint8Array.of(0x04, ...point.subarray(1, 33))),
      'INVALID_PUBLIC_KEY',
    )
    await expectCode(() => decompressPublicKey(new Uint8Array(33).fill(0xff)), 'INVALID_PUBLIC_KEY')
    // x = 5 has no y on P-256 (x³ - 3x + b is not a square mod p).
    const noSquareRoot = new Uint8Array(33)
    noSquareRoot[0] = 0x02
    noSquareRoot[32] = 5
    const rhsIsSquare = (() => {
      try {
        p256.Point.fromBytes(noSquareRoot)
        return true
      } catch {
        return false
      }
    })()
    if (rhsIsSquare) expect(decompressPublicKey(noSquareRoot)).toHaveLength(65)
    else await expectCode(() => decompressPublicKey(noSquareRoot), 'INVALID_PUBLIC_KEY')
  })
})
