import * as z from 'zod/mini'
import { DateTime, JsonObject } from '../wire/primitives.js'

/**
 * The answer of `POST /sca/login/start` (`ScaLoginStart`): for `SMS_OTP` the `challengeId` to send
 * back and when the code expires, for `PASSKEY` the WebAuthn request options and the origins the
 * ceremony may run on; a `TOTP` login carries nothing (the code is in the customer's app).
 *
 * @example
 * ```ts
 * const started = parseWire(ScaLoginStart, await response.json(), 'ScaLoginStart')
 * if (started.factor === 'SMS_OTP') showCodeField(started.expiresAt)
 * ```
 */
export const ScaLoginStart = z.looseObject({
  factor: z.string(),
  challengeId: z.nullish(z.string()),
  expiresAt: z.nullish(DateTime),
  passkeyOptions: z.nullish(JsonObject),
  allowedOrigins: z.nullish(z.array(z.string())),
  relyingPartyId: z.nullish(z.string()),
})
export type ScaLoginStart = z.infer<typeof ScaLoginStart>

/**
 * The answer of `POST /sca/login/complete` (`ScaLoginComplete`): `status` is `SUCCESS` for a
 * login that opened the customer's SCA session, which lasts until `sessionExpiresAt`; any other
 * status is a login that did not complete.
 *
 * @example
 * ```ts
 * const done = parseWire(ScaLoginComplete, await response.json(), 'ScaLoginComplete')
 * if (done.status === 'SUCCESS') remindBefore(done.sessionExpiresAt)
 * ```
 */
export const ScaLoginComplete = z.looseObject({
  status: z.string(),
  sessionExpiresAt: z.nullish(DateTime),
})
export type ScaLoginComplete = z.infer<typeof ScaLoginComplete>
