import type { Context } from 'hono'
import { Hono } from 'hono'
import { newId, type SandboxContext } from '../context.js'
import { invalidInput, notFound, SandboxError } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { indicativeRate, maxAmount } from './corridors.js'
import { currencyView, SANDBOX_CURRENCIES, type SandboxCurrency } from './currencies.js'
import { customerAccounts } from './customerAccounts.js'
import { requireExternalAccount } from './externalAccountRoutes.js'
import { customerByUmaAddress, resolveUmaAddress } from './umaDirectory.js'

/** A UMA address as quotes take it: `$user@domain`. */
const UMA_ADDRESS = /^\$[^@\s]+@[^@\s]+$/

/**
 * The sender a lookup names: `customerId`, or `senderUmaAddress` (a customer of this sandbox), or
 * both naming the same customer. Neither, or one that names no customer, is 400 `INVALID_INPUT`
 * (the lookup's 404 is about the receiver).
 */
function sender(ctx: SandboxContext, c: Context): CustomerRecord {
  const customerId = c.req.query('customerId')
  const senderUmaAddress = c.req.query('senderUmaAddress')
  if (customerId === undefined && senderUmaAddress === undefined) {
    throw invalidInput('Name the sender: customerId or senderUmaAddress.')
  }
  const byId = customerId === undefined ? undefined : ctx.store.customers.get(customerId)
  if (customerId !== undefined && !byId) throw invalidInput('customerId names no customer.')
  const byAddress = senderUmaAddress === undefined ? undefined : customerByUmaAddress(ctx, senderUmaAddress)
  if (senderUmaAddress !== undefined && !byAddress) {
    throw invalidInput('senderUmaAddress is the address of no customer of this sandbox.')
  }
  if (byId && byAddress && byId.id !== byAddress.id) {
    throw invalidInput('customerId and senderUmaAddress name different customers.')
  }
  const found = byId ?? byAddress
  if (!found) throw invalidInput('Name the sender: customerId or senderUmaAddress.')
  return found
}

/** The currency the sender pays in: that of its first account (the embedded wallet). */
function senderCurrency(ctx: SandboxContext, customer: CustomerRecord): SandboxCurrency {
  const code = customerAccounts(ctx, customer.id)[0]?.currency ?? 'USD'
  return SANDBOX_CURRENCIES.get(code) ?? (SANDBOX_CURRENCIES.get('USD') as SandboxCurrency)
}

/** The lookup's `supportedCurrencies`: each currency once, rated from the sender's currency. */
function preferences(from: SandboxCurrency, codes: readonly string[]) {
  return [...new Set(codes)].flatMap((code) => {
    const currency = SANDBOX_CURRENCIES.get(code)
    if (!currency) return []
    return [
      {
        currency: currencyView(code),
        estimatedExchangeRate: indicativeRate(from, currency),
        min: 1,
        max: maxAmount(currency),
      },
    ]
  })
}

/** The currencies an address receives in; 404 `UMA_NOT_FOUND` when no receiver is there. */
function umaCurrencies(ctx: SandboxContext, address: string): string[] {
  const customer = customerByUmaAddress(ctx, address)
  if (customer) return customerAccounts(ctx, customer.id).map((account) => account.currency)
  try {
    return [resolveUmaAddress(ctx, address).currency]
  } catch (error) {
    if (error instanceof SandboxError && error.init.status === 400) {
      throw notFound('UMA_NOT_FOUND', `No receiver exists at ${address}.`)
    }
    throw error
  }
}

/**
 * Receiver lookups before a quote: `GET /receiver/uma/{receiverUmaAddress}` (a sandbox test
 * address or a customer's `umaAddress`; a malformed one is 400 `INVALID_INPUT`, a well-formed one
 * with no receiver 404 `UMA_NOT_FOUND`) and `GET /receiver/external-account/{accountId}` (404
 * `REFERENCE_NOT_FOUND` when unknown). Each names the sender (`customerId` or `senderUmaAddress`)
 * and answers the currencies the receiver takes, with indicative rates from the sender's wallet
 * currency and a new `lookupId`, which `POST /quotes` accepts.
 *
 * @example
 * ```ts
 * app.route('/', receiverRoutes(ctx))
 * ```
 */
export function receiverRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.get('/receiver/uma/:receiverUmaAddress', (c) => {
    const receiverUmaAddress = c.req.param('receiverUmaAddress')
    if (!UMA_ADDRESS.test(receiverUmaAddress)) {
      throw invalidInput('receiverUmaAddress is not a UMA address ($user@domain).')
    }
    const from = senderCurrency(ctx, sender(ctx, c))
    return c.json({
      supportedCurrencies: preferences(from, umaCurrencies(ctx, receiverUmaAddress)),
      lookupId: newId('Lookup'),
      receiverUmaAddress,
    })
  })

  app.get('/receiver/external-account/:accountId', (c) => {
    const account = requireExternalAccount(ctx, c.req.param('accountId'))
    const from = senderCurrency(ctx, sender(ctx, c))
    return c.json({
      supportedCurrencies: preferences(from, [account.currency]),
      lookupId: newId('Lookup'),
      accountId: account.id,
    })
  })

  return app
}
