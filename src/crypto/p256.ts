import { WalletAuthError } from '../errors.js'

// secp256r1 domain parameters (SEC 2, section 2.4.2) and the public-point arithmetic that
// WebCrypto lacks: (de)compression and the curve check. Nothing here touches a secret.
/** The P-256 field prime p. */
export const P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn
/** The P-256 curve coefficient b (a is p - 3). */
export const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn
/**
 * The order of the P-256 group.
 *
 * @example
 * ```ts
 * const lowS = s > P256_ORDER / 2n ? P256_ORDER - s : s
 * ```
 */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

function mod(a: bigint, m: bigint): bigint {
  const r = a % m
  return r >= 0n ? r : r + m
}

function powMod(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n
  let b = mod(base, m)
  let e = exponent
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m
    b = (b * b) % m
    e >>= 1n
  }
  return result
}

/** Big-endian unsigned integer of `bytes`. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  return value
}

/** `value` as `length` big-endian bytes. */
export function bigIntToBytes(value: bigint, length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length)
  let rest = value
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn)
    rest >>= 8n
  }
  return bytes
}

function curveRhs(x: bigint): bigint {
  return mod(x * x * x - 3n * x + P256_B, P256_P)
}

function invalidKey(): WalletAuthError {
  return new WalletAuthError('INVALID_PUBLIC_KEY', 'Not a valid P-256 public key.')
}

/**
 * Checks that `point` is an uncompressed SEC1 P-256 point (65 bytes, `04`, on the curve).
 * Throws `INVALID_PUBLIC_KEY` otherwise.
 *
 * @example
 * ```ts
 * assertUncompressedPoint(hexToBytes(targetPublicHex))
 * ```
 */
export function assertUncompressedPoint(point: Uint8Array): void {
  if (!(point instanceof Uint8Array) || point.length !== 65 || point[0] !== 0x04) {
    throw invalidKey()
  }
  const x = bytesToBigInt(point.subarray(1, 33))
  const y = bytesToBigInt(point.subarray(33, 65))
  if (x >= P256_P || y >= P256_P || mod(y * y, P256_P) !== curveRhs(x)) {
    throw invalidKey()
  }
}

/**
 * SEC1 compressed form (33 bytes) of an uncompressed P-256 point.
 *
 * @example
 * ```ts
 * bytesToHex(compressPublicKey(uncompressed)) // '02...' or '03...', 66 chars
 * ```
 */
export function compressPublicKey(uncompressed: Uint8Array): Uint8Array<ArrayBuffer> {
  assertUncompressedPoint(uncompressed)
  const out = new Uint8Array(33)
  out[0] = (uncompressed[64] ?? 0) & 1 ? 0x03 : 0x02
  out.set(uncompressed.subarray(1, 33), 1)
  return out
}

/**
 * Uncompressed form (65 bytes) of a SEC1 compressed P-256 point. P-256's p is 3 mod 4, so the
 * square root is one exponentiation. Throws `INVALID_PUBLIC_KEY` when no point has that x.
 *
 * @example
 * ```ts
 * decompressPublicKey(hexToBytes(stampPublicKeyHex)) // 65 bytes, 04 || x || y
 * ```
 */
export function decompressPublicKey(compressed: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = compressed instanceof Uint8Array && compressed.length === 33 ? compressed[0] : undefined
  if (prefix !== 0x02 && prefix !== 0x03) {
    throw invalidKey()
  }
  const x = bytesToBigInt(compressed.subarray(1))
  if (x >= P256_P) throw invalidKey()
  const rhs = curveRhs(x)
  let y = powMod(rhs, (P256_P + 1n) / 4n, P256_P)
  if (mod(y * y, P256_P) !== rhs) throw invalidKey()
  if ((y & 1n) !== BigInt(prefix & 1)) y = P256_P - y
  const out = new Uint8Array(65)
  out[0] = 0x04
  out.set(compressed.subarray(1), 1)
  out.set(bigIntToBytes(y, 32), 33)
  return out
}

/**
 * The uncompressed form of a P-256 public key given compressed or uncompressed, validated.
 *
 * @example
 * ```ts
 * toUncompressedPublicKey(hexToBytes(anyKeyHex)).length // 65
 * ```
 */
export function toUncompressedPublicKey(key: Uint8Array): Uint8Array<ArrayBuffer> {
  if (key instanceof Uint8Array && key.length === 33) return decompressPublicKey(key)
  assertUncompressedPoint(key)
  return Uint8Array.from(key)
}
