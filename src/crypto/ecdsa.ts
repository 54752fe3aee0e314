import { WalletAuthError } from '../errors.js'
import { bytesToHex } from './bytesToHex.js'
import { derSignatureToRaw } from './derSignatureToRaw.js'
import { ECDSA_P256, ECDSA_SHA256 } from './ecdsaParams.js'
import { toUncompressedPublicKey } from './p256.js'

// A verifier sees the same few session keys again and again; decompressing and importing a key
// costs more than the verification itself. Public keys only, so caching them exposes nothing.
const VERIFY_KEY_CACHE_SIZE = 1024
const verifyKeys = new Map<string, Promise<CryptoKey>>()

/**
 * Imports a P-256 public key (compressed or uncompressed SEC1 bytes) for ECDSA verification.
 * The most recently used 1024 keys are kept imported.
 *
 * @example
 * ```ts
 * const key = await importVerifyKey(hexToBytes(publicKeyHex))
 * ```
 */
export async function importVerifyKey(publicKey: Uint8Array): Promise<CryptoKey> {
  if (!(publicKey instanceof Uint8Array)) {
    throw new WalletAuthError('INVALID_PUBLIC_KEY', 'A public key must be SEC1 bytes.')
  }
  const id = bytesToHex(publicKey)
  const cached = verifyKeys.get(id)
  if (cached) {
    // Most recently used last: the oldest entry is the first one dropped.
    verifyKeys.delete(id)
    verifyKeys.set(id, cached)
    return cached
  }
  const imported = importUncached(publicKey)
  verifyKeys.set(id, imported)
  if (verifyKeys.size > VERIFY_KEY_CACHE_SIZE) verifyKeys.delete(verifyKeys.keys().next().value as string)
  imported.catch(() => verifyKeys.delete(id))
  return imported
}

async function importUncached(publicKey: Uint8Array): Promise<CryptoKey> {
  // Checked here, not left to WebCrypto: it takes no compressed points everywhere, and Node's
  // takes the hybrid form (06/07 || x || y) that SEC1 keys on the wire never use.
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
