// The stamp header is built straight from the raw signature (DER hex without DER bytes, the head's
// base64url kept per key): each header must be the bytes an independent encoder makes of the same
// signature, for every DER shape, both halves of s, and keys whose head does not cut into triplets.
import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { P256_ORDER } from '../../src/crypto/p256.js'
import { STAMP_SCHEME, stampHeader } from '../../src/stamp/stamp.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }

const HALF_ORDER = P256_ORDER >> 1n
const hex32 = (value: bigint) => value.toString(16).padStart(64, '0')
const rawOf = (r: bigint, s: bigint) => hexToBytes(hex32(r) + hex32(s))

/** noble's DER of `r || s` after the low-S flip, and the header a plain encoder makes of it. */
function expectedHeader(publicKey: string, raw: Uint8Array): string {
  const r = BigInt(`0x${Buffer.from(raw.subarray(0, 32)).toString('hex')}`)
  const s = BigInt(`0x${Buffer.from(raw.subarray(32)).toString('hex')}`)
  const signature = new p256.Signature(r, s > HALF_ORDER ? P256_ORDER - s : s).toHex('der')
  const json = `{"publicKey":"${publicKey}","scheme":"${STAMP_SCHEME}","signature":"${signature}"}`
  return bytesToBase64Url(new TextEncoder().encode(json))
}

describe('stampHeader', () => {
  it.each(stampVectors.cases)('encodes $name (high-S: $highS) as the independent stamp, low-S', (vector) => {
    const raw = derSignatureToRaw(hexToBytes(vector.signatureDerHex))
    const header = stampHeader(vector.publicKeyCompressed, raw)
    // A low-S vector comes back byte for byte; a high-S one with n - s.
    if (!vector.highS) expect(header).toBe(vector.stamp)
    expect(header).toBe(expectedHeader(vector.publicKeyCompressed, raw))
  })

  const publicKey = stampVectors.cases[0]?.publicKeyCompressed ?? ''
  it.each([
    ['r and s of one byte', 1n, 1n],
    ['r with its top bit set (padded)', 1n << 255n, 1n],
    ['r with leading zero bytes', 0x7fn << 200n, 2n],
    ['s at n/2 (kept)', 1n, HALF_ORDER],
    ['s just above n/2 (flipped)', 1n, HALF_ORDER + 1n],
    ['s = n - 1 (flipped to 1)', 1n, P256_ORDER - 1n],
    ['s with its top bit set (flipped, short)', P256_ORDER - 1n, 1n << 255n],
  ])('encodes %s', (_name, r, s) => {
    const raw = rawOf(r, s)
    expect(stampHeader(publicKey, raw)).toBe(expectedHeader(publicKey, raw))
  })

  it('encodes the head of every key length, also when keys alternate', () => {
    const raw = rawOf(P256_ORDER - 5n, HALF_ORDER + 7n)
    // Head lengths ≡ 0, 1 and 2 (mod 3): the remainder goes with the signature.
    const keys = [publicKey, `${publicKey}a`, `${publicKey}ab`, publicKey, `${publicKey}ab`]
    for (const key of keys) expect(stampHeader(key, raw)).toBe(expectedHeader(key, raw))
  })
})
