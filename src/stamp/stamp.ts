import { binaryToBase64Url } from '../crypto/bytesToBase64Url.js'
import { bytesToHex } from '../crypto/bytesToHex.js'
import { ECDSA_SHA256 } from '../crypto/ecdsaParams.js'
import { rawSignatureToDer } from '../crypto/rawSignatureToDer.js'
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
  const signature = bytesToHex(rawSignatureToDer(new Uint8Array(raw)))
  // Fixed key order, no whitespace: the value must be byte-identical to every other signer's.
  const json = `{"publicKey":"${key.publicKey}","scheme":"${STAMP_SCHEME}","signature":"${signature}"}`
  // Hex and a constant: pure ASCII, so base64 of the string is base64 of its UTF-8 bytes.
  return binaryToBase64Url(json)
}
