import type { SandboxContext } from '../context.js'
import type { InternalAccount } from './requireInternalAccount.js'

/**
 * Every internal account of a customer: the embedded wallet first, then the holding accounts.
 *
 * @example
 * ```ts
 * const usd = customerAccounts(ctx, customerId).find((account) => account.currency === 'USD')
 * ```
 */
export function customerAccounts(ctx: SandboxContext, customerId: string): InternalAccount[] {
  return [
    ...ctx.store.accounts.where('customer', customerId),
    ...ctx.store.money.holdingAccounts.where('owner', customerId),
  ]
}
