import type { SandboxContext } from '../context.js'
import type { CredentialRecord } from '../store.js'

/** A factor of strong customer authentication (ScaFactor). */
export type ScaFactor = 'SMS_OTP' | 'TOTP' | 'PASSKEY'

/** A passkey enrolled as an SCA factor through `/sca/factors`, apart from any sign-in passkey. */
export type ScaPasskey = NonNullable<CredentialRecord['passkey']>

/** A contact code sent and not yet confirmed: for which value, until when, and wrong tries. */
export interface PendingContactCode {
  value: string
  expiresAt: number
  failures: number
}

/** An SCA login started and not yet completed. */
export interface ScaLoginRecord {
  factor: ScaFactor
  /** SMS_OTP only: the handle the complete call echoes. */
  challengeId?: string
  /** PASSKEY only: the WebAuthn challenge (base64url) the assertion must sign. */
  webauthnChallenge?: string
  expiresAt: number
}

/** A 2FA reset of a lost factor (liveness-gated in the service; timed on the sandbox clock here). */
export interface FactorResetRecord {
  id: string
  factor: ScaFactor
  startedAt: number
  expiresAt: number
  completedAt?: number
}

/** What the sandbox keeps of one EU customer's strong customer authentication. */
export interface ScaRecord {
  contactCodes: { email?: PendingContactCode; phone?: PendingContactCode }
  /** The enrolled TOTP secret (hex); any code is checked against the sandbox's fixed one. */
  totpSecret?: string
  pendingTotpSecret?: string
  passkey?: ScaPasskey
  /** The registration challenge (base64url) of a passkey enrolment started and not confirmed. */
  pendingPasskey?: { challenge: string; expiresAt: number }
  login?: ScaLoginRecord
  /** When the SCA session opened by the last login ends; 0 for none. */
  sessionExpiresAt: number
  /** Failed logins the integrator recorded (`/sca/record-event`), and the lock they set. */
  failedLogins: number
  loginLockedUntil: number
  suspended: boolean
  /** Its 2FA resets, the latest last. */
  resets: FactorResetRecord[]
}

/**
 * The SCA record of a customer, created empty on first use.
 *
 * @example
 * ```ts
 * const record = scaRecordOf(ctx, customer.id)
 * record.sessionExpiresAt > ctx.clock.now() // an SCA session is open
 * ```
 */
export function scaRecordOf(ctx: SandboxContext, customerId: string): ScaRecord {
  const existing = ctx.store.sca.get(customerId)
  if (existing) return existing
  const record: ScaRecord = {
    contactCodes: {},
    sessionExpiresAt: 0,
    failedLogins: 0,
    loginLockedUntil: 0,
    suspended: false,
    resets: [],
  }
  ctx.store.sca.set(customerId, record)
  return record
}
