import type * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { SignedEnclaveBundle } from '../wire/enclaveBundles.js'
import { parseWire, parseWireJson } from '../wire/parseWire.js'
import { verifyDerSignature } from './ecdsa.js'
import { hexToBytes } from './hexToBytes.js'

/**
 * The production signer of OTP target bundles (wire-formats section 5).
 *
 * @example
 * ```ts
 * await encryptOtp({ otpCode, targetBundle, publicKey, trustedSigners: [PRODUCTION_OTP_SIGNER, sandboxSigner] })
 * ```
 */
export const PRODUCTION_OTP_SIGNER =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201'

/**
 * The production signer of wallet exports (wire-formats section 10); not the OTP signer.
 *
 * @example
 * ```ts
 * await openWalletExport(exported, recipient.keyPair, { trustedSigners: [PRODUCTION_EXPORT_SIGNER] })
 * ```
 */
export const PRODUCTION_EXPORT_SIGNER =
  '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569'

/**
 * Verifies a signed enclave envelope (an OTP target bundle or a wallet export) and returns its
 * decoded `data`, parsed with `dataSchema`. In order: the JSON shape, the signer is one of
 * `trustedSigners` (`UNTRUSTED_SIGNER`), the signature over the bytes `data` hex-decodes to
 * (`BUNDLE_SIGNATURE_INVALID`, high-S accepted), then the data's own shape.
 *
 * @example
 * ```ts
 * const data = await verifyEnclaveBundle(bundleJson, {
 *   trustedSigners: [PRODUCTION_OTP_SIGNER],
 *   dataSchema: OtpTargetData,
 * })
 * ```
 */
export async function verifyEnclaveBundle<T extends z.ZodMiniType>(
  bundleJson: string,
  options: {
    trustedSigners: readonly string[]
    dataSchema: T
    /** Skips only the signer and signature checks; see `encryptOtp`. */
    dangerouslySkipSignerCheck?: boolean
    /** Code for a malformed envelope. Default `INVALID_TARGET_BUNDLE`. */
    code?: 'INVALID_TARGET_BUNDLE' | 'INVALID_WALLET_EXPORT'
  },
): Promise<z.infer<T>> {
  const { code = 'INVALID_TARGET_BUNDLE' } = options
  const bundle = parseWireJson(SignedEnclaveBundle, bundleJson, 'Signed enclave bundle', code)
  const data = hexToBytes(bundle.data)
  if (!options.dangerouslySkipSignerCheck) {
    const signer = bundle.enclaveQuorumPublic.toLowerCase()
    if (!options.trustedSigners.some((trusted) => trusted.toLowerCase() === signer)) {
      throw new WalletAuthError('UNTRUSTED_SIGNER', 'The bundle is signed by an untrusted key.')
    }
    const valid = await verifyDerSignature({
      publicKey: hexToBytes(signer),
      signature: hexToBytes(bundle.dataSignature),
      message: data,
    }).catch(() => false) // a malformed signature or signer key is as good as a wrong one
    if (!valid) {
      throw new WalletAuthError('BUNDLE_SIGNATURE_INVALID', 'The bundle signature does not verify.')
    }
  }
  let decoded: unknown
  try {
    decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data))
  } catch (cause) {
    throw new WalletAuthError(code, 'The bundle data is not UTF-8 JSON.', { cause })
  }
  return parseWire(options.dataSchema, decoded, 'Bundle data', code)
}
