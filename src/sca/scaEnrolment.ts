import * as z from 'zod/mini'
import { JsonObject } from '../wire/primitives.js'
import { ScaFactorView } from './scaFactor.js'

/**
 * The answer of `POST /sca/factors` for a passkey (`PasskeyEnrollmentStart`): the WebAuthn
 * creation options to run unchanged, the origins the ceremony may run on, and the RP id.
 *
 * @example
 * ```ts
 * const start = parseWire(PasskeyEnrolmentStart, await response.json(), 'PasskeyEnrollmentStart')
 * ```
 */
export const PasskeyEnrolmentStart = z.looseObject({
  type: z.literal('PASSKEY'),
  options: JsonObject,
  allowedOrigins: z.array(z.string()),
  relyingPartyId: z.string(),
})
export type PasskeyEnrolmentStart = z.infer<typeof PasskeyEnrolmentStart>

/**
 * The answer of `POST /sca/factors/confirm` for a passkey: the enrolled factor.
 *
 * @example
 * ```ts
 * const { factor } = parseWire(PasskeyEnrolmentConfirm, await response.json(), 'PasskeyEnrollmentConfirmResponse')
 * ```
 */
export const PasskeyEnrolmentConfirm = z.looseObject({ type: z.literal('PASSKEY'), factor: ScaFactorView })

/**
 * The answer of `POST /sca/factors` for TOTP (`TotpEnrollmentStart`): the shared secret (sent back
 * to confirm), its base32 form to type into an authenticator app, and the `otpauth://` URI to
 * show as a QR code.
 *
 * @example
 * ```ts
 * const start = parseWire(TotpEnrolmentStart, await response.json(), 'TotpEnrollmentStart')
 * showQrCode(start.totpUri)
 * ```
 */
export const TotpEnrolmentStart = z.looseObject({
  type: z.literal('TOTP'),
  secret: z.string(),
  secretBase32Encoded: z.string(),
  totpUri: z.string(),
})
export type TotpEnrolmentStart = z.infer<typeof TotpEnrolmentStart>

/**
 * The answer of `POST /sca/factors/confirm` for TOTP: recovery codes, shown to the customer once.
 *
 * @example
 * ```ts
 * const { recoveryCodes } = parseWire(TotpEnrolmentConfirm, await response.json(), 'TotpEnrollmentConfirmResponse')
 * ```
 */
export const TotpEnrolmentConfirm = z.looseObject({
  type: z.literal('TOTP'),
  recoveryCodes: z.array(z.string()),
})
