import type { SandboxContext } from '../context.js'
import type { InternalAccount } from '../money/requireInternalAccount.js'
import { accountView } from '../views.js'

/**
 * Sends `INTERNAL_ACCOUNT.BALANCE_UPDATED` with the account as it now is.
 *
 * @example
 * ```ts
 * account.balance += effect.amount
 * announceBalance(ctx, account)
 * ```
 */
export function announceBalance(ctx: SandboxContext, account: InternalAccount): void {
  const hub = ctx.webhooks?.hub
  // The view is built only when there is an endpoint to send it to.
  if (hub?.endpoint() !== undefined) hub.emit('INTERNAL_ACCOUNT.BALANCE_UPDATED', accountView(account))
}
