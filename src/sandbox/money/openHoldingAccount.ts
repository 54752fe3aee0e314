import { iso, newId, type SandboxContext } from '../context.js'
import { requireCurrency } from './currencies.js'
import { type HoldingAccountRecord, PLATFORM_OWNER } from './moneyState.js'

/**
 * The currencies the platform holds an internal account in from the start (the service opens one
 * per currency the platform is configured for; the walkthrough on-ramps from the USD one).
 *
 * @example
 * ```ts
 * PLATFORM_CURRENCIES.includes('USD') // true
 * ```
 */
export const PLATFORM_CURRENCIES: readonly string[] = ['USD', 'EUR', 'MXN', 'USDC', 'USDB']

/**
 * Opens an empty holding account in `currency` (INTERNAL_CRYPTO for stablecoins, INTERNAL_FIAT
 * otherwise), of `customerId` or, without one, of the platform.
 *
 * @example
 * ```ts
 * openHoldingAccount(ctx, { customerId: customer.id, currency: 'USD' })
 * ```
 */
export function openHoldingAccount(
  ctx: SandboxContext,
  options: { customerId?: string; currency: string },
): HoldingAccountRecord {
  const currency = requireCurrency(options.currency)
  const now = iso(ctx.clock.now())
  const account: HoldingAccountRecord = {
    id: newId('InternalAccount'),
    ...(options.customerId === undefined ? {} : { customerId: options.customerId }),
    type: currency.stablecoin ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT',
    currency: currency.code,
    balance: 0,
    createdAt: now,
    updatedAt: now,
  }
  ctx.store.money.holdingAccounts.set(account.id, account)
  return account
}

/**
 * The platform's own holding accounts, one per `PLATFORM_CURRENCIES`, opened on first use.
 *
 * @example
 * ```ts
 * const usd = platformAccounts(ctx).find((account) => account.currency === 'USD')
 * ```
 */
export function platformAccounts(ctx: SandboxContext): HoldingAccountRecord[] {
  const existing = ctx.store.money.holdingAccounts.where('owner', PLATFORM_OWNER)
  if (existing.length > 0) return existing
  return PLATFORM_CURRENCIES.map((currency) => openHoldingAccount(ctx, { currency }))
}
