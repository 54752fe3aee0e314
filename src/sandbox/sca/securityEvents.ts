import { iso, type SandboxContext } from '../context.js'
import { SandboxError } from '../sandboxError.js'
import type { ScaRecord } from './scaState.js'

/** The contract's lockout milestones: failed logins recorded -> how long the login is locked. */
const LOCK_AFTER_FAILED_LOGINS: ReadonlyMap<number, number> = new Map([
  [5, 15 * 60_000],
  [6, 30 * 60_000],
  [7, 60 * 60_000],
  [8, 24 * 60 * 60_000],
])
/** From this many failed logins on, the login is suspended until a password reset is recorded. */
export const SUSPEND_AFTER_FAILED_LOGINS = 9

/** A security event the integrator records (RecordSecurityEventRequest). */
export type SecurityEventType = 'RESET_PASSWORD_COMPLETED' | 'FAILED_LOGIN_ATTEMPT'

/**
 * The customer's login-security state as the contract shows it (RecordSecurityEventResponse).
 *
 * @example
 * ```ts
 * return c.json(loginSecurityView(ctx, record, 'FAILED_LOGIN_ATTEMPT'))
 * ```
 */
export function loginSecurityView(
  ctx: SandboxContext,
  record: ScaRecord,
  eventType: SecurityEventType,
): Record<string, unknown> {
  const locked = !record.suspended && ctx.clock.now() < record.loginLockedUntil
  return {
    eventType,
    suspended: record.suspended,
    lockedUntil: locked ? iso(record.loginLockedUntil) : null,
    failedAttempts: record.failedLogins,
  }
}

/**
 * 423 `ACCOUNT_LOCKED` while the failed logins the integrator recorded keep the customer's login
 * locked or suspended, with the state in `details`.
 *
 * @example
 * ```ts
 * requireLoginOpen(ctx, record)
 * ```
 */
export function requireLoginOpen(ctx: SandboxContext, record: ScaRecord): void {
  if (!record.suspended && ctx.clock.now() >= record.loginLockedUntil) return
  const { suspended, lockedUntil, failedAttempts } = loginSecurityView(ctx, record, 'FAILED_LOGIN_ATTEMPT')
  throw new SandboxError({
    status: 423,
    code: 'ACCOUNT_LOCKED',
    message: suspended
      ? 'The login is suspended until a password reset.'
      : 'The login is locked for a while.',
    details: { suspended, lockedUntil, failedAttempts },
  })
}

/**
 * Applies a recorded event: a failed login counts (locking at the contract's milestones, 423 while
 * locked already); a completed password reset ends every SCA session and clears the count.
 *
 * @example
 * ```ts
 * recordSecurityEvent(ctx, record, 'FAILED_LOGIN_ATTEMPT')
 * ```
 */
export function recordSecurityEvent(
  ctx: SandboxContext,
  record: ScaRecord,
  eventType: SecurityEventType,
): void {
  if (eventType === 'RESET_PASSWORD_COMPLETED') {
    Object.assign(record, { sessionExpiresAt: 0, failedLogins: 0, loginLockedUntil: 0, suspended: false })
    return
  }
  requireLoginOpen(ctx, record)
  record.failedLogins++
  if (record.failedLogins >= SUSPEND_AFTER_FAILED_LOGINS) record.suspended = true
  const lockMs = LOCK_AFTER_FAILED_LOGINS.get(record.failedLogins)
  if (lockMs !== undefined) record.loginLockedUntil = ctx.clock.now() + lockMs
}
