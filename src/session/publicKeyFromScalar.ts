import { weierstrass } from '@noble/curves/abstract/weierstrass.js'
import { bytesToBigInt, P256_B, P256_ORDER, P256_P } from '../crypto/p256.js'

// Only the P-256 point arithmetic of @noble/curves (no other curves, no hashes): WebCrypto cannot
// derive a public key from a bare scalar in every browser. Loaded lazily by openSealedSessionKey.
const Point = /* @__PURE__ */ weierstrass({
  p: P256_P,
  n: P256_ORDER,
  h: 1n,
  a: P256_P - 3n,
  b: P256_B,
  Gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  Gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
})

/** Uncompressed public key (65 bytes) of a P-256 private scalar already checked to be in [1, n). */
export function publicKeyFromScalar(scalar: Uint8Array): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Point.BASE.multiply(bytesToBigInt(scalar)).toBytes(false))
}
