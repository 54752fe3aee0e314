import * as z from 'zod/mini'
import { DateTime, JsonObject } from './primitives.js'

/**
 * A strong-customer-authentication step. `factor` values beyond `SMS_OTP` and `PASSKEY` are not
 * specified, and `purpose` may grow: both stay plain strings (wire-formats section 12).
 *
 * @example
 * ```ts
 * const challenge = parseWire(ScaChallenge, quote.scaChallenge, 'SCA challenge')
 * ```
 */
export const ScaChallenge = z.looseObject({
  id: z.string(),
  expiresAt: DateTime,
  factor: z.string(),
  availableFactors: z.array(z.string()),
  purpose: z.nullish(z.string()),
  passkeyAssertionOptions: z.nullish(JsonObject),
  passkeyAllowedOrigins: z.nullish(z.array(z.string())),
})
export type ScaChallenge = z.infer<typeof ScaChallenge>
