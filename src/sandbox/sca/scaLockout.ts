import { iso, type SandboxContext } from '../context.js'
import { SandboxError } from '../sandboxError.js'

/** Wrong proofs in a row, over SCA logins and all of a customer's payment challenges, that lock SCA (423). */
export const SCA_LOCKOUT_FAILURES = 10
/** How long the lock lasts. */
export const SCA_LOCKOUT_MS = 15 * 60_000

/**
 * 423 `ACCOUNT_LOCKED` (with `lockedUntil`) while the customer is locked out after
 * `SCA_LOCKOUT_FAILURES` wrong proofs in a row: one count for SCA logins and the quotes'
 * authorizations, so wrong codes at an SCA login and at a payment add up.
 *
 * @example
 * ```ts
 * requireNotLocked(ctx, customer.id)
 * ```
 */
export function requireNotLocked(ctx: SandboxContext, customerId: string): void {
  const lockout = ctx.store.money.scaLockouts.get(customerId)
  if (!lockout || ctx.clock.now() >= lockout.lockedUntil) return
  throw new SandboxError({
    status: 423,
    code: 'ACCOUNT_LOCKED',
    message: 'Too many wrong proofs: SCA is locked for a while.',
    details: { suspended: false, lockedUntil: iso(lockout.lockedUntil), failedAttempts: lockout.failures },
  })
}

/**
 * Counts a proof as wrong before it is judged (so that parallel proofs each meet the count the ones
 * before them reached); `clearWrongProofs` undoes it when the proof is right.
 *
 * @example
 * ```ts
 * countWrongProof(ctx, customer.id)
 * if (await proofIsRight()) clearWrongProofs(ctx, customer.id)
 * ```
 */
export function countWrongProof(ctx: SandboxContext, customerId: string): void {
  const { scaLockouts } = ctx.store.money
  const failures = (scaLockouts.get(customerId)?.failures ?? 0) + 1
  scaLockouts.set(customerId, {
    failures,
    lockedUntil: failures >= SCA_LOCKOUT_FAILURES ? ctx.clock.now() + SCA_LOCKOUT_MS : 0,
  })
}

/**
 * Forgets the customer's wrong proofs after a right one.
 *
 * @example
 * ```ts
 * clearWrongProofs(ctx, customer.id)
 * ```
 */
export function clearWrongProofs(ctx: SandboxContext, customerId: string): void {
  ctx.store.money.scaLockouts.delete(customerId)
}
