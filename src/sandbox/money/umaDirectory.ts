import type { SandboxContext } from '../context.js'
import { walletOf } from '../lookups.js'
import { notFound } from '../sandboxError.js'
import type { CustomerRecord, InternalAccountRecord } from '../store.js'
import { badRequest } from './moneyErrors.js'
import type { ResolvedDestination, UmaScenario } from './moneyState.js'

// The spec's "Sandbox UMA destinations": username on the sandbox UMA domain -> behaviour, currency.
const TEST_ADDRESSES: Record<string, { scenario: UmaScenario; currency: string }> = {
  'success.usd': { scenario: 'SUCCESS', currency: 'USD' },
  'success.eur': { scenario: 'SUCCESS', currency: 'EUR' },
  'success.mxn': { scenario: 'SUCCESS', currency: 'MXN' },
  'pending.long.usd': { scenario: 'LONG_PENDING', currency: 'USD' },
  'fail.compliance.usd': { scenario: 'COMPLIANCE_FAILURE', currency: 'USD' },
}

/**
 * The customer of this sandbox whose `umaAddress` (a customer field) is `umaAddress`, with its
 * embedded wallet.
 *
 * @example
 * ```ts
 * const receiver = customerByUmaAddress(ctx, '$alice@sandbox.uma.example')
 * ```
 */
export function customerByUmaAddress(
  ctx: SandboxContext,
  umaAddress: string,
): { customer: CustomerRecord; wallet: InternalAccountRecord } | undefined {
  const wanted = umaAddress.toLowerCase()
  for (const customer of ctx.store.customers.values()) {
    const address = customer.fields.umaAddress
    if (typeof address !== 'string' || address.toLowerCase() !== wanted) continue
    const wallet = walletOf(ctx, customer.id)
    if (wallet) return { customer, wallet }
  }
  return undefined
}

/**
 * Resolves a well-formed UMA address: a sandbox test address on `config.umaDomain`, or the
 * `umaAddress` of a customer of this sandbox. Anything else has no receiver: 404 `UMA_NOT_FOUND`.
 * A `currency` that the receiver does not take is 400 `CURRENCY_MISMATCH`.
 *
 * @example
 * ```ts
 * const { destination, currency } = resolveUmaAddress(ctx, '$success.eur@sandbox.uma.example')
 * currency // 'EUR'
 * ```
 */
export function resolveUmaAddress(
  ctx: SandboxContext,
  umaAddress: string,
  currency?: string,
): { destination: ResolvedDestination; currency: string } {
  const [username = '', domain = ''] = umaAddress.toLowerCase().replace(/^\$/, '').split('@')
  const test = domain === ctx.config.umaDomain.toLowerCase() ? TEST_ADDRESSES[username] : undefined
  let resolved: { destination: ResolvedDestination; currency: string } | undefined
  if (test) {
    resolved = {
      destination: { kind: 'UMA_TEST', umaAddress, scenario: test.scenario },
      currency: test.currency,
    }
  } else {
    const receiver = customerByUmaAddress(ctx, umaAddress)
    if (receiver) {
      resolved = {
        destination: { kind: 'UMA_CUSTOMER', umaAddress, accountId: receiver.wallet.id },
        currency: receiver.wallet.currency,
      }
    }
  }
  if (!resolved) throw notFound('UMA_NOT_FOUND', `No receiver exists at ${umaAddress}.`)
  if (currency !== undefined && currency.toUpperCase() !== resolved.currency) {
    throw badRequest('CURRENCY_MISMATCH', `${umaAddress} receives ${resolved.currency}, not ${currency}.`)
  }
  return resolved
}
