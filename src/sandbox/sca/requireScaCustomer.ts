import type { SandboxContext } from '../context.js'
import { requireCustomer } from '../lookups.js'
import { conflict } from '../money/moneyErrors.js'
import { requiresSca } from '../money/scaRegion.js'
import type { CustomerRecord } from '../store.js'

/**
 * The customer an SCA or contact-verification route is for: 404 `USER_NOT_FOUND` when there is no
 * such customer, 409 `CONFLICT` when it does not need SCA (no EU address), as the contract has it.
 *
 * @example
 * ```ts
 * const customer = requireScaCustomer(ctx, c.req.query('customerId'))
 * ```
 */
export function requireScaCustomer(ctx: SandboxContext, customerId: string | undefined): CustomerRecord {
  const customer = requireCustomer(ctx, customerId)
  if (!requiresSca(customer)) {
    throw conflict('This customer is not in a region that requires strong customer authentication.')
  }
  return customer
}
