import { compare32, malformedSignature, ORDER_BYTES } from './derSupport.js'

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
  if (!(der instanceof Uint8Array) || der[0] !== 0x30 || der[1] !== der.length - 2) throw malformedSignature()
  const raw = new Uint8Array(64)
  let offset = 2
  for (const slot of [0, 32]) {
    const length = der[offset + 1] ?? 0
    const start = offset + 2
    const first = der[start] ?? 0
    const second = der[start + 1] ?? 0
    if (
      der[offset] !== 0x02 ||
      length < 1 ||
      start + length > der.length ||
      first & 0x80 || // negative
      (first === 0 && length > 1 && !(second & 0x80)) || // not minimal
      length - (first === 0 ? 1 : 0) > 32
    ) {
      throw malformedSignature()
    }
    const value = der.subarray(first === 0 ? start + 1 : start, start + length)
    raw.set(value, slot + 32 - value.length)
    const integer = raw.subarray(slot, slot + 32)
    if (integer.every((byte) => byte === 0) || compare32(integer, ORDER_BYTES) >= 0)
      throw malformedSignature()
    offset = start + length
  }
  if (offset !== der.length) throw malformedSignature()
  return raw
}
