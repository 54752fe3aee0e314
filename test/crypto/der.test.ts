import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { P256_ORDER } from '../../src/crypto/p256.js'
import { rawSignatureToDer } from '../../src/crypto/rawSignatureToDer.js'
import { expectCode } from '../helpers/expectCode.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }

const HALF_ORDER = P256_ORDER >> 1n
const hex32 = (value: bigint) => value.toString(16).padStart(64, '0')

describe('DER signatures', () => {
  it.each(stampVectors.cases)(
    'parses $name (r $derRLength B, s $derSLength B) and re-encodes it low-S',
    (vector) => {
      const raw = derSignatureToRaw(hexToBytes(vector.signatureDerHex))
      const s = BigInt(`0x${bytesToHex(raw.subarray(32))}`)
      expect(s > HALF_ORDER).toBe(vector.highS)
      const lowS = rawSignatureToDer(raw)
      // Re-encoding is the identity for low-S input and the n - s flip for high-S input.
      if (!vector.highS) expect(bytesToHex(lowS)).toBe(vector.signatureDerHex)
      const message = new TextEncoder().encode(vector.payloadToSign)
      expect(p256.verify(lowS, message, hexToBytes(vector.publicKeyCompressed), { format: 'der' })).toBe(true)
    },
  )

  it('normalises s to the low half at the boundary', () => {
    const r = hex32(1n)
    const atHalf = hexToBytes(r + hex32(HALF_ORDER))
    const aboveHalf = hexToBytes(r + hex32(HALF_ORDER + 1n))
    expect(derSignatureToRaw(rawSignatureToDer(atHalf))).toEqual(atHalf)
    expect(bytesToHex(derSignatureToRaw(rawSignatureToDer(aboveHalf)).subarray(32))).toBe(hex32(HALF_ORDER))
  })

  // Wycheproof-style malformed encodings: every one must be refused, never mis-parsed.
  const valid = '3006020101020101'
  it.each([
    ['empty', ''],
    ['wrong tag', '3106020101020101'],
    ['length too long', '3007020101020101'],
    ['length too short', '3005020101020101'],
    ['trailing byte', '300602010102010100'],
    ['r not an INTEGER', '3006030101020101'],
    ['zero-length r', '30050200020101'],
    ['negative r', '3006020181020101'],
    ['non-minimal r', '300702020001020101'],
    ['r = 0', '3006020100020101'],
    ['s = 0', '3006020101020100'],
    ['r = n', `302502${'21'}00${hex32(P256_ORDER)}020101`],
    ['s truncated', '30060201010201'],
    ['one integer only', '3003020101'],
  ])('rejects %s with INVALID_SIGNATURE_ENCODING', async (_name, der) => {
    expect(derSignatureToRaw(hexToBytes(valid))).toHaveLength(64)
    await expectCode(() => derSignatureToRaw(hexToBytes(der)), 'INVALID_SIGNATURE_ENCODING')
  })

  it('rejects a raw signature of the wrong size', async () => {
    await expectCode(() => rawSignatureToDer(new Uint8Array(63)), 'INVALID_SIGNATURE_ENCODING')
  })
})
