import { hexToBytes } from './hexToBytes.js'
import { rawSignatureToDerHex } from './rawSignatureToDerHex.js'

/**
 * DER `SEQUENCE { r INTEGER, s INTEGER }` of a raw `r || s` P-256 signature (what WebCrypto
 * returns), with `s` normalised to the low half of the order, since WebCrypto often emits high-S.
 * The bytes of `rawSignatureToDerHex`, which stamps use directly.
 *
 * @example
 * ```ts
 * const raw = new Uint8Array(await crypto.subtle.sign(params, privateKey, message))
 * bytesToHex(rawSignatureToDer(raw)) // '3045022100...'
 * ```
 */
export function rawSignatureToDer(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  return hexToBytes(rawSignatureToDerHex(raw))
}
