import * as z from 'zod/mini'
import { prefixedId } from '../../wire/primitives.js'
import type { SandboxContext } from '../context.js'
import { findInternalAccount } from '../money/requireInternalAccount.js'
import { SandboxError } from '../sandboxError.js'

/**
 * Currencies a sandbox card can be funded in: the embedded wallet's USDB and the USD holding
 * account (the contract names no list; these are what a sandbox customer holds for card spend).
 */
export const CARD_CURRENCIES: ReadonlySet<string> = new Set(['USDB', 'USD'])

/**
 * A card body's `fundingSources` (creation and update): 1 to 10 internal account ids, none twice.
 *
 * @example
 * ```ts
 * const CardCreate = z.looseObject({ fundingSources: FundingSources })
 * ```
 */
export const FundingSources = z.array(prefixedId('InternalAccount')).check(
  z.minLength(1),
  z.maxLength(10),
  z.refine((ids) => new Set(ids).size === ids.length, 'a funding source is named twice'),
)

function ineligible(message: string, accountId: string): SandboxError {
  // The operation documents this code, though the shared Error400 enum does not list it.
  return new SandboxError({
    status: 400,
    code: 'FUNDING_SOURCE_INELIGIBLE',
    message,
    details: { accountId },
  })
}

/**
 * The currency of a card funded by `accountIds`: each must be an internal account of the
 * cardholder in a card-eligible currency, all in the same one; else 400
 * `FUNDING_SOURCE_INELIGIBLE` naming the first that is not.
 *
 * @example
 * ```ts
 * const currency = cardCurrency(ctx, { cardholderId, accountIds: body.fundingSources })
 * ```
 */
export function cardCurrency(
  ctx: SandboxContext,
  { cardholderId, accountIds }: { cardholderId: string; accountIds: readonly string[] },
): string {
  let currency: string | undefined
  for (const accountId of accountIds) {
    const account = findInternalAccount(ctx, accountId)
    if (account?.customerId !== cardholderId)
      throw ineligible('Each funding source must be an internal account of the cardholder.', accountId)
    if (!CARD_CURRENCIES.has(account.currency))
      throw ineligible(`${account.currency} is not a card-eligible currency.`, accountId)
    if (currency !== undefined && account.currency !== currency)
      throw ineligible('All funding sources of a card must be in one currency.', accountId)
    currency = account.currency
  }
  if (currency === undefined) throw ineligible('A card needs at least one funding source.', '')
  return currency
}
