import { base58CheckDecode } from '../crypto/base58check.js'
import { concatBytes } from '../crypto/concatBytes.js'
import { ECDSA_P256 } from '../crypto/ecdsaParams.js'
import { bytesToBigInt, decompressPublicKey, P256_ORDER } from '../crypto/p256.js'
import { WalletAuthError } from '../errors.js'
import { type SessionKey, sessionKeyFromKeyPair } from '../keys/sessionKey.js'

// PKCS#8 PrivateKeyInfo of a P-256 key with its public key, the layout WebCrypto exports:
// the prefix, the 32-byte scalar, this middle part, then the 65-byte uncompressed point.
const PKCS8_PREFIX = new Uint8Array([
  0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06,
  0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02, 0x01, 0x01, 0x04, 0x20,
])
const PKCS8_PUBLIC_KEY_TAG = new Uint8Array([0xa1, 0x44, 0x03, 0x42, 0x00])

/**
 * Opens an `encryptedSessionSigningKey` (wire-formats section 4) with the recipient key whose
 * public half was sent as `clientPublicKey`, and returns the session key with its private key
 * imported non-extractable at once. The plaintext scalar buffers are overwritten afterwards.
 *
 * @example
 * ```ts
 * const recipient = await generateRecipientKey()
 * // … verify with clientPublicKey: recipient.publicKeyUncompressed …
 * const key = await openSealedSessionKey(authSession.encryptedSessionSigningKey, recipient.keyPair)
 * ```
 */
export async function openSealedSessionKey(
  encryptedSessionSigningKey: string,
  recipient: CryptoKeyPair,
): Promise<SessionKey> {
  const sealed = await base58CheckDecode(encryptedSessionSigningKey)
  if (sealed.length <= 33 + 16) {
    throw new WalletAuthError('INVALID_BASE58CHECK', 'The sealed session key is too short.')
  }
  const enc = decompressPublicKey(sealed.subarray(0, 33))
  const { hpkeOpen } = await import('../crypto/hpke.js') // on first use, like the curve below
  const scalar = await hpkeOpen({ recipient, enc, ciphertext: sealed.subarray(33) })
  let pkcs8: Uint8Array<ArrayBuffer> | undefined
  try {
    const d = bytesToBigInt(scalar)
    if (scalar.length !== 32 || d === 0n || d >= P256_ORDER) {
      throw new WalletAuthError('DECRYPTION_FAILED', 'The sealed session key is not a P-256 scalar.')
    }
    // The curve arithmetic is loaded only on this path: apps that never use sealed keys skip it.
    const { publicKeyFromScalar } = await import('./publicKeyFromScalar.js')
    const publicKey = publicKeyFromScalar(scalar)
    pkcs8 = concatBytes(PKCS8_PREFIX, scalar, PKCS8_PUBLIC_KEY_TAG, publicKey)
    const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, ECDSA_P256, false, ['sign'])
    const verifyKey = await crypto.subtle.importKey('raw', publicKey, ECDSA_P256, true, ['verify'])
    return await sessionKeyFromKeyPair({ privateKey, publicKey: verifyKey })
  } finally {
    scalar.fill(0)
    pkcs8?.fill(0)
  }
}
