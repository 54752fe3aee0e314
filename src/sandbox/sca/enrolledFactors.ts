import type { SandboxContext } from '../context.js'
import type { CustomerRecord } from '../store.js'
import { isContactVerified } from './contactVerification.js'
import type { ScaFactor } from './scaState.js'

/** An enrolled factor as the contract shows it (ScaFactorView). */
export interface ScaFactorView {
  factor: ScaFactor
  credentialId?: string
  name?: string
}

/**
 * The customer's SCA factors: `SMS_OTP` once its phone is verified (the contract's implicit
 * factor), `TOTP` and `PASSKEY` once enrolled through `/sca/factors`. A passkey the customer signs
 * in to its wallet with is not among them.
 *
 * @example
 * ```ts
 * enrolledFactors(ctx, customer).map((view) => view.factor) // ['SMS_OTP', 'PASSKEY']
 * ```
 */
export function enrolledFactors(ctx: SandboxContext, customer: CustomerRecord): ScaFactorView[] {
  const record = ctx.store.sca.get(customer.id)
  const factors: ScaFactorView[] = []
  if (isContactVerified(customer, 'phone')) factors.push({ factor: 'SMS_OTP' })
  if (record?.totpSecret !== undefined) factors.push({ factor: 'TOTP' })
  if (record?.passkey) factors.push({ factor: 'PASSKEY', credentialId: record.passkey.credentialId })
  return factors
}

/**
 * Whether the customer may use this factor now (see `enrolledFactors`).
 *
 * @example
 * ```ts
 * if (!hasFactor(ctx, customer, 'PASSKEY')) throw invalidInput('No passkey is enrolled.')
 * ```
 */
export function hasFactor(ctx: SandboxContext, customer: CustomerRecord, factor: ScaFactor): boolean {
  return enrolledFactors(ctx, customer).some((view) => view.factor === factor)
}
