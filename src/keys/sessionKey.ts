import { bytesToHex } from '../crypto/bytesToHex.js'
import { ECDSA_P256 } from '../crypto/ecdsaParams.js'
import { compressPublicKey } from '../crypto/p256.js'
import { WalletAuthError } from '../errors.js'

/**
 * A session signing key: a WebCrypto ECDSA P-256 key pair whose private key is non-extractable,
 * with its public key precomputed in both encodings the service uses.
 */
export interface SessionKey {
  /** Compressed SEC1 hex (66 chars): the session's API key and the stamp's `publicKey`. */
  readonly publicKey: string
  /** Uncompressed SEC1 hex (130 chars). */
  readonly publicKeyUncompressed: string
  /** The WebCrypto key pair; `privateKey.extractable` is `false`. */
  readonly keyPair: CryptoKeyPair
}

/**
 * Wraps an ECDSA P-256 key pair as a `SessionKey`, computing its public key encodings once.
 * Refuses (`INVALID_ARGUMENT`) a private key that could be exported: session keys never can.
 *
 * @example
 * ```ts
 * const key = await sessionKeyFromKeyPair(await crypto.subtle.generateKey(
 *   { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']))
 * ```
 */
export async function sessionKeyFromKeyPair(keyPair: CryptoKeyPair): Promise<SessionKey> {
  const privateKey = keyPair?.privateKey
  if (
    privateKey?.algorithm.name !== 'ECDSA' ||
    privateKey.extractable ||
    !privateKey.usages.includes('sign')
  ) {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'A session key must be an ECDSA P-256 key pair whose private key is non-extractable and can sign.',
    )
  }
  const uncompressed = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
  return {
    publicKey: bytesToHex(compressPublicKey(uncompressed)),
    publicKeyUncompressed: bytesToHex(uncompressed),
    keyPair,
  }
}

/**
 * Makes a fresh session key whose private key can sign but never be exported.
 *
 * @example
 * ```ts
 * const key = await generateSessionKey()
 * key.publicKey // '02…' (66 hex chars), sent as `clientPublicKey` or inside the OTP bundle
 * ```
 */
export async function generateSessionKey(): Promise<SessionKey> {
  const keyPair = await crypto.subtle.generateKey(ECDSA_P256, false, ['sign', 'verify'])
  return sessionKeyFromKeyPair(keyPair)
}
