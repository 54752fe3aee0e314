import * as z from 'zod/mini'
import { Hex, UncompressedPublicKeyHex } from './primitives.js'

/**
 * A signed enclave envelope (wire-formats sections 5 and 10): the OTP target bundle and the wallet
 * export both have this shape; `data` is hex of UTF-8 JSON signed by `enclaveQuorumPublic`.
 *
 * @example
 * ```ts
 * const { enclaveQuorumPublic } = parseWireJson(SignedEnclaveBundle, bundleJson, 'Bundle')
 * ```
 */
export const SignedEnclaveBundle = z.looseObject({
  version: z.string(),
  data: Hex,
  dataSignature: Hex,
  enclaveQuorumPublic: UncompressedPublicKeyHex,
})
export type SignedEnclaveBundle = z.infer<typeof SignedEnclaveBundle>

/**
 * The `otpEncryptionTargetBundle` of an OTP `/challenge` response, once JSON-decoded: a signed
 * enclave envelope whose `data` holds `OtpTargetData`.
 *
 * @example
 * ```ts
 * const bundle = parseWireJson(OtpTargetBundle, authMethod.otpEncryptionTargetBundle, 'Target bundle')
 * ```
 */
export const OtpTargetBundle = SignedEnclaveBundle
export type OtpTargetBundle = SignedEnclaveBundle

/**
 * What the `data` of an OTP target bundle decodes to.
 *
 * @example
 * ```ts
 * const { targetPublic } = await verifyEnclaveBundle(bundle, { trustedSigners, dataSchema: OtpTargetData })
 * ```
 */
export const OtpTargetData = z.looseObject({
  targetPublic: UncompressedPublicKeyHex,
  organizationId: z.optional(z.string()),
  userId: z.optional(z.string()),
  expiresAt: z.optional(z.unknown()),
})
export type OtpTargetData = z.infer<typeof OtpTargetData>

/**
 * What the `data` of a wallet export decodes to.
 *
 * @example
 * ```ts
 * const data = await verifyEnclaveBundle(exported, { trustedSigners, dataSchema: WalletExportData })
 * ```
 */
export const WalletExportData = z.looseObject({
  encappedPublic: UncompressedPublicKeyHex,
  ciphertext: Hex,
  organizationId: z.optional(z.string()),
})
export type WalletExportData = z.infer<typeof WalletExportData>

/**
 * The `encryptedOtpBundle` sent to `/verify` (wire-formats section 6), once JSON-decoded.
 *
 * @example
 * ```ts
 * const { encappedPublic, ciphertext } = parseWireJson(EncryptedOtpBundle, body.encryptedOtpBundle, 'Encrypted OTP')
 * ```
 */
export const EncryptedOtpBundle = z.looseObject({
  encappedPublic: UncompressedPublicKeyHex,
  ciphertext: Hex,
})
export type EncryptedOtpBundle = z.infer<typeof EncryptedOtpBundle>

/**
 * The plaintext inside an encrypted OTP bundle.
 *
 * @example
 * ```ts
 * const { otp_code, public_key } = parseWireJson(OtpPlaintext, new TextDecoder().decode(plaintext), 'OTP')
 * ```
 */
export const OtpPlaintext = z.looseObject({
  otp_code: z.string(),
  public_key: z.string(),
})
export type OtpPlaintext = z.infer<typeof OtpPlaintext>
