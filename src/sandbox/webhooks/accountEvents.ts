import type { SandboxContext } from '../context.js'
import { externalAccountView } from '../money/externalAccountRoutes.js'
import type { ExternalAccountRecord } from '../money/moneyState.js'
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

/**
 * Sends `INTERNAL_ACCOUNT.STATUS_UPDATED` with the account as it now is (after its status changed).
 *
 * @example
 * ```ts
 * account.status = 'ACTIVE'
 * announceAccountStatus(ctx, account)
 * ```
 */
export function announceAccountStatus(ctx: SandboxContext, account: InternalAccount): void {
  const hub = ctx.webhooks?.hub
  if (hub?.endpoint() !== undefined) hub.emit('INTERNAL_ACCOUNT.STATUS_UPDATED', accountView(account))
}

/**
 * Sends `EXTERNAL_ACCOUNT.STATUS_UPDATED` with the external account as it now is.
 *
 * @example
 * ```ts
 * account.status = 'ACTIVE'
 * announceExternalAccountStatus(ctx, account)
 * ```
 */
export function announceExternalAccountStatus(ctx: SandboxContext, account: ExternalAccountRecord): void {
  const hub = ctx.webhooks?.hub
  if (hub?.endpoint() !== undefined) hub.emit('EXTERNAL_ACCOUNT.STATUS_UPDATED', externalAccountView(account))
}
