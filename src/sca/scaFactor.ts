import * as z from 'zod/mini'

/**
 * An enrolled strong-customer-authentication factor (the service's `ScaFactorView`): `SMS_OTP`
 * (the customer's verified phone, never enrolled), `TOTP` or `PASSKEY`. Only a passkey carries a
 * `credentialId`, the one `sca.removeFactor` takes. `factor` stays a plain string: the service may
 * add factors.
 *
 * @example
 * ```ts
 * const factor = parseWire(ScaFactorView, body.factor, 'ScaFactorView')
 * if (factor.factor === 'PASSKEY') showRemoveButton(factor.credentialId)
 * ```
 */
export const ScaFactorView = z.looseObject({
  factor: z.string(),
  credentialId: z.optional(z.string()),
  name: z.optional(z.string()),
})
export type ScaFactorView = z.infer<typeof ScaFactorView>

/**
 * The answer of `GET /sca/factors`: the customer's enrolled factors.
 *
 * @example
 * ```ts
 * const { factors } = parseWire(ScaFactorList, await response.json(), 'ScaFactorList')
 * ```
 */
export const ScaFactorList = z.looseObject({ factors: z.array(ScaFactorView) })
export type ScaFactorList = z.infer<typeof ScaFactorList>
