// An independent check of a wallet-signature stamp (ours or the peer's): decodes the header by hand
// and verifies its DER signature with noble, accepting high-S, since WebCrypto signers (the peer's
// stampers) do not normalise S. Used before timing, so that every timed op produces a valid stamp.
import { p256 } from '@noble/curves/nist.js'

const HALF_ORDER = p256.Point.CURVE().n >> 1n

const hexToBytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))

/** `{ valid, lowS }` of a base64url stamp header over `payload`, signed by `publicKey` (compressed hex). */
export function checkStampHeader(header, payload, publicKey) {
  const json = JSON.parse(atob(header.replace(/-/g, '+').replace(/_/g, '/')))
  if (json.scheme !== 'SIGNATURE_SCHEME_TK_API_P256' || json.publicKey !== publicKey) {
    return { valid: false, lowS: false }
  }
  const der = hexToBytes(json.signature)
  const valid = p256.verify(der, new TextEncoder().encode(payload), hexToBytes(publicKey), {
    lowS: false,
    format: 'der',
  })
  const { s } = p256.Signature.fromBytes(der, 'der')
  return { valid, lowS: s <= HALF_ORDER }
}
