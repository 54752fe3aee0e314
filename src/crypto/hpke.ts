import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { WalletAuthError } from '../errors.js'
import { concatBytes } from './concatBytes.js'
import { assertUncompressedPoint } from './p256.js'
import { utf8 } from './utf8.js'

/**
 * HPKE `info` of the enclave provider's profile (wire-formats section 3).
 *
 * @example
 * ```ts
 * const info = utf8(HPKE_INFO) // 'turnkey_hpke'
 * ```
 */
export const HPKE_INFO = 'turnkey_hpke'

let suite: CipherSuite | undefined
// Built on first use, so importing the module has no side effect.
function hpkeSuite(): CipherSuite {
  suite ??= new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  })
  return suite
}

/**
 * Seals `plaintext` to an uncompressed P-256 recipient key with the kit's HPKE profile: base mode,
 * DHKEM(P-256)/HKDF-SHA256/AES-256-GCM, info `turnkey_hpke`, AAD = enc || recipient public key.
 *
 * @example
 * ```ts
 * const { enc, ciphertext } = await hpkeSeal({ recipientPublicKey, plaintext: utf8(json) })
 * ```
 */
export async function hpkeSeal(options: {
  recipientPublicKey: Uint8Array
  plaintext: Uint8Array<ArrayBuffer>
}): Promise<{ enc: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> }> {
  assertUncompressedPoint(options.recipientPublicKey)
  const cipherSuite = hpkeSuite()
  const recipientPublicKey = await cipherSuite.kem.deserializePublicKey(
    Uint8Array.from(options.recipientPublicKey),
  )
  // The AAD includes enc, which only exists once the sender context is set up.
  const sender = await cipherSuite.createSenderContext({ recipientPublicKey, info: utf8(HPKE_INFO) })
  const enc = new Uint8Array(sender.enc)
  const aad = concatBytes(enc, options.recipientPublicKey)
  const ciphertext = new Uint8Array(await sender.seal(options.plaintext, aad))
  return { enc, ciphertext }
}

/**
 * Opens a kit-profile HPKE ciphertext. `recipient` must be the whole ECDH key pair: with a bare
 * non-extractable private key `@hpke/core` would rebuild the public key itself, wrongly for odd y.
 * An `enc` that is not a P-256 point throws `INVALID_PUBLIC_KEY`; any other failure (wrong key,
 * tampered bytes) throws `DECRYPTION_FAILED`.
 *
 * @example
 * ```ts
 * const plaintext = await hpkeOpen({ recipient: keyPair, enc, ciphertext })
 * ```
 */
export async function hpkeOpen(options: {
  recipient: CryptoKeyPair
  enc: Uint8Array
  ciphertext: Uint8Array
}): Promise<Uint8Array<ArrayBuffer>> {
  assertUncompressedPoint(options.enc)
  try {
    const recipientPublic = new Uint8Array(await crypto.subtle.exportKey('raw', options.recipient.publicKey))
    const plaintext = await hpkeSuite().open(
      { recipientKey: options.recipient, enc: Uint8Array.from(options.enc), info: utf8(HPKE_INFO) },
      Uint8Array.from(options.ciphertext),
      concatBytes(options.enc, recipientPublic),
    )
    return new Uint8Array(plaintext)
  } catch (cause) {
    throw new WalletAuthError('DECRYPTION_FAILED', 'The HPKE ciphertext could not be opened.', {
      cause,
    })
  }
}
