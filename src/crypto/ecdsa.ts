import { WalletAuthError } from '../errors.js'
import { derSignatureToRaw } from './der.js'
import { toUncompressedPublicKey } from './p256.js'

/** WebCrypto parameters of the one signature scheme in use: ECDSA over P-256 with SHA-256. */
export const ECDSA_P256: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' }
export const ECDSA_SHA256: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' }

/**
 * Imports a P-256 public key (compressed or uncompressed SEC1 bytes) for ECDSA verification.
 *
 * @example
 * ```ts
 * const key = await importVerifyKey(hexToBytes(publicKeyHex))
 * ```
 */
export async function importVerifyKey(publicKey: Uint8Array): Promise<CryptoKey> {
  const raw = toUncompressedPublicKey(publicKey)
  try {
    return await crypto.subtle.importKey('raw', raw, ECDSA_P256, true, ['verify'])
  } catch (cause) {
    throw new WalletAuthError('INVALID_PUBLIC_KEY', 'WebCrypto refused the public key.', { cause })
  }
}

/**
 * Verifies a DER ECDSA-P256-SHA256 signature over `message`. High-S is accepted. Malformed
 * keys or signatures throw typed errors; a well-formed signature that does not verify is `false`.
 *
 * @example
 * ```ts
 * const ok = await verifyDerSignature({ publicKey, signature: der, message: utf8(payload) })
 * ```
 */
export async function verifyDerSignature(options: {
  publicKey: Uint8Array
  signature: Uint8Array
  message: Uint8Array<ArrayBuffer>
}): Promise<boolean> {
  const raw = derSignatureToRaw(options.signature)
  const key = await importVerifyKey(options.publicKey)
  return crypto.subtle.verify(ECDSA_SHA256, key, raw, options.message)
}
