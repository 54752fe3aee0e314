import type { SandboxContext } from '../context.js'
import { SandboxError } from '../sandboxError.js'

/** How long an SCA session opened by `/sca/login/complete` lasts. */
export const SCA_SESSION_TTL_MS = 30 * 60_000

/**
 * 409 `SCA_SESSION_REQUIRED` unless the customer has an SCA session open (an SCA login completed
 * within `SCA_SESSION_TTL_MS` on the sandbox clock), as the contract answers a quote's authorize.
 *
 * @example
 * ```ts
 * requireScaSession(ctx, quote.customerId)
 * ```
 */
export function requireScaSession(ctx: SandboxContext, customerId: string): void {
  const expiresAt = ctx.store.sca.get(customerId)?.sessionExpiresAt ?? 0
  if (ctx.clock.now() < expiresAt) return
  throw new SandboxError({
    status: 409,
    code: 'SCA_SESSION_REQUIRED',
    message: 'The customer has no SCA session: complete an SCA login (/sca/login/start), then retry.',
  })
}
