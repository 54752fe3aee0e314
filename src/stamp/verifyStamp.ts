import { base64UrlToBytes } from '../crypto/base64url.js'
import { utf8 } from '../crypto/bytes.js'
import { verifyDerSignature } from '../crypto/ecdsa.js'
import { hexToBytes } from '../crypto/hex.js'
import { WalletAuthError } from '../errors.js'
import { STAMP_SCHEME } from './stamp.js'

/** Outcome of `verifyStamp`. */
export interface StampVerification {
  /** The signature verifies over the payload with the stamp's own public key. */
  valid: boolean
  /** Compressed hex public key named in the stamp (lowercase); the verifier checks it is trusted. */
  publicKey: string
}

function malformed(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('INVALID_STAMP', message, { cause })
}

/**
 * Parses a `Service-Wallet-Signature` value and verifies it over `payloadToSign` (UTF-8, exact).
 * High-S signatures are accepted. A malformed stamp (not base64url JSON, a missing or ill-typed
 * field, an unknown scheme, bad DER, a point off the curve) throws `INVALID_STAMP`; a well-formed
 * stamp that does not verify returns `valid: false`. Whether `publicKey` may sign is the caller's
 * question.
 *
 * @example
 * ```ts
 * const { valid, publicKey } = await verifyStamp(request.headers.get('Service-Wallet-Signature'), payload)
 * if (!valid || !activeSessionKeys.has(publicKey)) return unauthorized()
 * ```
 */
export async function verifyStamp(header: string, payloadToSign: string): Promise<StampVerification> {
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(header)))
  } catch (cause) {
    throw malformed('The stamp is not base64url-encoded JSON.', cause)
  }
  // Checked by hand, not with zod: the stamp entry point stays free of schema code.
  const { publicKey, scheme, signature } = (parsed ?? {}) as Record<string, unknown>
  if (typeof publicKey !== 'string' || typeof scheme !== 'string' || typeof signature !== 'string') {
    throw malformed('The stamp needs string publicKey, scheme and signature.')
  }
  if (scheme !== STAMP_SCHEME) throw malformed(`Unknown stamp scheme ${scheme}.`)
  let key: Uint8Array
  let der: Uint8Array
  try {
    key = hexToBytes(publicKey, 33)
    der = hexToBytes(signature)
  } catch (cause) {
    throw malformed('The stamp has a bad public key or signature encoding.', cause)
  }
  try {
    const valid = await verifyDerSignature({ publicKey: key, signature: der, message: utf8(payloadToSign) })
    return { valid, publicKey: publicKey.toLowerCase() }
  } catch (cause) {
    throw malformed('The stamp has bad DER or a public key off the curve.', cause)
  }
}
