import { HEX_DIGITS } from './bytesToHex.js'
import { compare32, HALF_ORDER_BYTES, malformedSignature, ORDER_BYTES } from './derSupport.js'

/** n - s for the `s` at `raw[32..64)`, with a byte-wise borrow. */
function negatedS(raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(32)
  let borrow = 0
  for (let i = 31; i >= 0; i--) {
    const difference = (ORDER_BYTES[i] as number) - (raw[32 + i] as number) - borrow
    borrow = difference < 0 ? 1 : 0
    out[i] = difference & 0xff
  }
  return out
}

/** Hex of the minimal DER INTEGER of the 32-byte big-endian value at `bytes[from..from + 32)`. */
function integerHex(bytes: Uint8Array, from: number): string {
  const end = from + 32
  let start = from
  while (start < end - 1 && bytes[start] === 0) start++
  // DER integers are signed: a set top bit needs a leading zero.
  const pad = (bytes[start] as number) & 0x80 ? 1 : 0
  let hex = `02${HEX_DIGITS[end - start + pad]}${pad ? '00' : ''}`
  for (let i = start; i < end; i++) hex += HEX_DIGITS[bytes[i] as number]
  return hex
}

/**
 * Lowercase hex of the DER `SEQUENCE { r INTEGER, s INTEGER }` of a raw `r || s` P-256 signature
 * (what WebCrypto returns), with `s` normalised to the low half of the order, since WebCrypto often
 * emits high-S. Written straight from the raw bytes, without DER bytes in between: every stamp
 * runs it.
 *
 * @example
 * ```ts
 * const raw = new Uint8Array(await crypto.subtle.sign(params, privateKey, message))
 * rawSignatureToDerHex(raw) // '3045022100...'
 * ```
 */
export function rawSignatureToDerHex(raw: Uint8Array): string {
  if (!(raw instanceof Uint8Array) || raw.length !== 64) throw malformedSignature()
  const r = integerHex(raw, 0)
  const highS = compare32(raw.subarray(32), HALF_ORDER_BYTES) > 0
  const s = highS ? integerHex(negatedS(raw), 0) : integerHex(raw, 32)
  // At most 70 bytes of content: the sequence length always fits the short form.
  return `30${HEX_DIGITS[(r.length + s.length) / 2]}${r}${s}`
}
