import { bytesToHex } from '../crypto/bytesToHex.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { toUncompressedPublicKey } from '../crypto/p256.js'
import { utf8 } from '../crypto/utf8.js'
import { PRODUCTION_OTP_SIGNER, verifyEnclaveBundle } from '../crypto/verifyEnclaveBundle.js'
import { WalletAuthError } from '../errors.js'
import { OtpTargetData } from '../wire/enclaveBundles.js'

const OTP_CODE_PATTERN = /^[0-9A-Za-z]{4,12}$/
const PUBLIC_KEY_PATTERN = /^(?:0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/

/** Options of `encryptOtp`. */
export interface EncryptOtpOptions {
  /** The code as the user typed it: 4 to 12 digits or letters. */
  otpCode: string
  /** `otpEncryptionTargetBundle` from the `/challenge` response. */
  targetBundle: string
  /**
   * Hex public key of the TEK (the new session key): compressed (66 characters,
   * `sessionKey.publicKey`) or uncompressed (130, `sessionKey.publicKeyUncompressed`). It is
   * sealed in the form given, lowercased.
   */
  publicKey: string
  /** Uncompressed hex signer keys to trust. Default: the production OTP signer. */
  trustedSigners?: readonly string[]
  /**
   * Encrypts under a bundle without checking who signed it. Only for tools that inspect
   * bundles; a page that sets it lets any backend or proxy read the OTP.
   */
  dangerouslySkipSignerCheck?: boolean
}

/**
 * Encrypts an OTP under a signed target bundle and returns the `encryptedOtpBundle` string for
 * `/verify`. Before anything is encrypted, the bundle's signer must be trusted, its signature
 * must verify and `targetPublic` must be a P-256 point. The code leaves only inside the HPKE
 * ciphertext.
 *
 * The TEK's key goes into the plaintext (`{"otp_code","public_key"}`) in the form the caller gives:
 * the enclave provider's own library seals it compressed, the service's guides and helper script
 * uncompressed (and then stamp with the compressed form, so the service binds the key, not its
 * spelling). Both are accepted, checked to be a point on the curve, and never converted, so the
 * bundle is byte-compatible with whichever form an integrator's other tools use. The kit's client
 * sends the compressed form, the one its stamps carry.
 *
 * @example
 * ```ts
 * const tek = await generateSessionKey()
 * const encryptedOtpBundle = await encryptOtp({
 *   otpCode: input.value,
 *   targetBundle: authMethod.otpEncryptionTargetBundle,
 *   publicKey: tek.publicKey,
 *   trustedSigners: [sandbox.signerPublicKey],
 * })
 * ```
 */
export async function encryptOtp(options: EncryptOtpOptions): Promise<string> {
  const {
    otpCode,
    targetBundle,
    publicKey,
    trustedSigners = [PRODUCTION_OTP_SIGNER],
    dangerouslySkipSignerCheck = false,
  } = options
  if (typeof otpCode !== 'string' || !OTP_CODE_PATTERN.test(otpCode)) {
    throw new WalletAuthError('INVALID_OTP_CODE', 'The code must be 4 to 12 digits or letters.')
  }
  if (typeof publicKey !== 'string' || !PUBLIC_KEY_PATTERN.test(publicKey)) {
    throw new WalletAuthError(
      'INVALID_PUBLIC_KEY',
      'publicKey must be the hex public key of the TEK, compressed (66 characters) or uncompressed (130).',
    )
  }
  const target = await verifyEnclaveBundle(targetBundle, {
    trustedSigners,
    dataSchema: OtpTargetData,
    dangerouslySkipSignerCheck,
  })
  toUncompressedPublicKey(hexToBytes(publicKey)) // a point on the curve, or INVALID_PUBLIC_KEY
  // Keys in this order (wire-formats section 6); JSON.stringify keeps insertion order.
  const plaintext = JSON.stringify({ otp_code: otpCode, public_key: publicKey.toLowerCase() })
  // HPKE (8 KB gzipped) loads on first use: pages that only sign never fetch it.
  const { hpkeSeal } = await import('../crypto/hpke.js')
  const { enc, ciphertext } = await hpkeSeal({
    recipientPublicKey: hexToBytes(target.targetPublic),
    plaintext: utf8(plaintext),
  })
  return JSON.stringify({ encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ciphertext) })
}
