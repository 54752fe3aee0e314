import { createPublicKey, ECDH, type KeyObject } from 'node:crypto'
import { hexToBytes } from '../crypto/hexToBytes.js'

// The same session keys sign again and again; building a key object costs more than a check.
const KEY_CACHE_SIZE = 1024
const keys = new Map<string, KeyObject>()

/**
 * The node:crypto verification key of a compressed P-256 public key (lowercase hex), kept for the
 * 1024 most recently built. OpenSSL decompresses the point and refuses one off the curve (this
 * throws); a JWK of its coordinates is then the cheapest key object to build, a DER key going
 * through OpenSSL's slower decoders.
 *
 * @example
 * ```ts
 * verify('sha256', message, { key: verifyKey(publicKey), dsaEncoding: 'ieee-p1363' }, signature)
 * ```
 */
export function verifyKey(publicKey: string): KeyObject {
  const cached = keys.get(publicKey)
  if (cached) return cached
  const point = ECDH.convertKey(hexToBytes(publicKey, 33), 'prime256v1') as Buffer
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  keys.set(publicKey, key)
  if (keys.size > KEY_CACHE_SIZE) keys.delete(keys.keys().next().value as string)
  return key
}
