import { compare32, HALF_ORDER_BYTES, malformedSignature, ORDER_BYTES } from './derSupport.js'

/** n - s, with a byte-wise borrow. */
function negateModOrder(s: Uint8Array): Uint8Array {
  const out = new Uint8Array(32)
  let borrow = 0
  for (let i = 31; i >= 0; i--) {
    const difference = (ORDER_BYTES[i] as number) - (s[i] as number) - borrow
    borrow = difference < 0 ? 1 : 0
    out[i] = difference & 0xff
  }
  return out
}

/** Writes a 32-byte big-endian value as a minimal DER INTEGER at `offset`; returns the next offset. */
function writeInteger(out: Uint8Array, offset: number, value: Uint8Array): number {
  let start = 0
  while (start < 31 && value[start] === 0) start++
  // DER integers are signed: a set top bit needs a leading zero (already 0 in `out`).
  const pad = (value[start] as number) & 0x80 ? 1 : 0
  const length = 32 - start + pad
  out[offset] = 0x02
  out[offset + 1] = length
  out.set(value.subarray(start), offset + 2 + pad)
  return offset + 2 + length
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
  if (!(raw instanceof Uint8Array) || raw.length !== 64) throw malformedSignature()
  const s = raw.subarray(32)
  const out = new Uint8Array(72)
  const end = writeInteger(
    out,
    writeInteger(out, 2, raw.subarray(0, 32)),
    compare32(s, HALF_ORDER_BYTES) > 0 ? negateModOrder(s) : s,
  )
  out[0] = 0x30
  out[1] = end - 2
  return out.slice(0, end)
}
