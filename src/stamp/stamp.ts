import { binaryToBase64Url } from '../crypto/bytesToBase64Url.js'
import { ECDSA_SHA256 } from '../crypto/ecdsaParams.js'
import { rawSignatureToDerHex } from '../crypto/rawSignatureToDerHex.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import type { SessionKey } from '../keys/sessionKey.js'

/**
 * The only stamp scheme (wire-formats section 1).
 *
 * @example
 * ```ts
 * JSON.parse(atob(header)).scheme === STAMP_SCHEME
 * ```
 */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256'

/**
 * Default name of the wallet-signature header.
 *
 * @example
 * ```ts
 * headers.set(WALLET_SIGNATURE_HEADER, await stamp(payloadToSign, key))
 * ```
 */
export const WALLET_SIGNATURE_HEADER = 'Service-Wallet-Signature'

/**
 * Signs `payloadToSign` exactly as received (its UTF-8 bytes, never re-serialised) and returns the
 * `Service-Wallet-Signature` header value: base64url of
 * `{"publicKey":…,"scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":…}` with a low-S DER
 * signature and the compressed public key.
 *
 * @example
 * ```ts
 * const header = await stamp(challenge.payloadToSign, sessionKey)
 * await fetch(url, { ...init, headers: { 'Service-Wallet-Signature': header, 'Request-Id': challenge.requestId } })
 * ```
 */
export async function stamp(payloadToSign: string, key: SessionKey): Promise<string> {
  if (typeof payloadToSign !== 'string' || !key?.keyPair?.privateKey) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'stamp needs the payloadToSign string and a SessionKey.')
  }
  const raw = await crypto.subtle.sign(ECDSA_SHA256, key.keyPair.privateKey, utf8(payloadToSign))
  return stampHeader(key.publicKey, new Uint8Array(raw))
}

/** The stamp JSON before the signature, base64url-encoded for one public key. */
interface EncodedHead {
  publicKey: string
  /** base64url of the head's first characters, a multiple of 3 of them. */
  encoded: string
  /** The head's last characters (none for a 66-character key), encoded with the signature. */
  rest: string
}

// The head depends on the key only, and a page stamps with one session at a time: the last key's
// is kept. base64 turns every 3 characters into 4 on its own, so the head's whole triplets can be
// encoded once and the signature's characters appended after them.
let lastHead: EncodedHead | undefined

function encodedHead(publicKey: string): EncodedHead {
  if (lastHead?.publicKey === publicKey) return lastHead
  // Fixed key order, no whitespace: the value must be byte-identical to every other signer's.
  const head = `{"publicKey":"${publicKey}","scheme":"${STAMP_SCHEME}","signature":"`
  const cut = head.length - (head.length % 3)
  lastHead = { publicKey, encoded: binaryToBase64Url(head.slice(0, cut)), rest: head.slice(cut) }
  return lastHead
}

/**
 * The `Service-Wallet-Signature` header value of a raw `r || s` signature (as WebCrypto returns
 * it) by `publicKey` (compressed hex): what `stamp` returns once it has signed.
 *
 * @example
 * ```ts
 * const raw = new Uint8Array(await crypto.subtle.sign(ECDSA_SHA256, key.keyPair.privateKey, utf8(payload)))
 * headers.set(WALLET_SIGNATURE_HEADER, stampHeader(key.publicKey, raw))
 * ```
 */
export function stampHeader(publicKey: string, rawSignature: Uint8Array): string {
  const head = encodedHead(publicKey)
  // Hex and constants: pure ASCII, so base64 of the string is base64 of its UTF-8 bytes.
  return head.encoded + binaryToBase64Url(`${head.rest}${rawSignatureToDerHex(rawSignature)}"}`)
}
