import { WalletAuthError } from '../errors.js'
import { bigIntToBytes, bytesToBigInt, P256_ORDER } from './p256.js'

const HALF_ORDER = P256_ORDER >> 1n

function malformed(message: string): WalletAuthError {
  return new WalletAuthError('INVALID_SIGNATURE_ENCODING', message)
}

function derInteger(value: bigint): Uint8Array {
  let bytes = bigIntToBytes(value, 32)
  let start = 0
  while (start < bytes.length - 1 && bytes[start] === 0) start++
  bytes = bytes.subarray(start)
  // DER integers are signed: a set top bit needs a leading zero to stay positive.
  const padded = (bytes[0] ?? 0) & 0x80 ? new Uint8Array([0, ...bytes]) : bytes
  return new Uint8Array([0x02, padded.length, ...padded])
}

/**
 * DER `SEQUENCE { r INTEGER, s INTEGER }` of a raw `r || s` P-256 signature (what WebCrypto
 * returns), with `s` normalised to the low half of the order, since WebCrypto often emits high-S.
 *
 * @example
 * ```ts
 * const raw = new Uint8Array(await crypto.subtle.sign(params, privateKey, message))
 * bytesToHex(rawSignatureToDer(raw)) // '3045022100...'
 * ```
 */
export function rawSignatureToDer(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  if (raw.length !== 64) throw malformed('Expected a 64-byte raw P-256 signature.')
  const r = bytesToBigInt(raw.subarray(0, 32))
  let s = bytesToBigInt(raw.subarray(32))
  if (s > HALF_ORDER) s = P256_ORDER - s
  const body = new Uint8Array([...derInteger(r), ...derInteger(s)])
  return new Uint8Array([0x30, body.length, ...body])
}

function readInteger(der: Uint8Array, offset: number): { value: bigint; next: number } {
  if (der[offset] !== 0x02) throw malformed('Expected a DER INTEGER.')
  const length = der[offset + 1] ?? 0
  const start = offset + 2
  const bytes = der.subarray(start, start + length)
  if (length === 0 || bytes.length !== length || length > 33) {
    throw malformed('DER INTEGER has a bad length.')
  }
  if ((bytes[0] ?? 0) & 0x80) throw malformed('DER INTEGER is negative.')
  if (length > 1 && bytes[0] === 0 && !((bytes[1] ?? 0) & 0x80)) {
    throw malformed('DER INTEGER is not minimally encoded.')
  }
  return { value: bytesToBigInt(bytes), next: start + length }
}

/**
 * Raw `r || s` (64 bytes) of a strict DER P-256 signature, as WebCrypto verifies it. High-S is
 * accepted (other signers emit it); anything else malformed throws `INVALID_SIGNATURE_ENCODING`.
 *
 * @example
 * ```ts
 * const raw = derSignatureToRaw(hexToBytes(stamp.signature))
 * await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, raw, message)
 * ```
 */
export function derSignatureToRaw(der: Uint8Array): Uint8Array<ArrayBuffer> {
  // A P-256 signature is at most 72 bytes, so the sequence length always fits the short form.
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) {
    throw malformed('Expected a DER SEQUENCE of two integers.')
  }
  const r = readInteger(der, 2)
  const s = readInteger(der, r.next)
  if (s.next !== der.length) throw malformed('Unexpected bytes after the DER signature.')
  for (const value of [r.value, s.value]) {
    if (value === 0n || value >= P256_ORDER) throw malformed('Signature value is out of range.')
  }
  const raw = new Uint8Array(64)
  raw.set(bigIntToBytes(r.value, 32), 0)
  raw.set(bigIntToBytes(s.value, 32), 32)
  return raw
}
