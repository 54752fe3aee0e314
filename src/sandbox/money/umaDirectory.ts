import type { SandboxContext } from '../context.js'
import type { CustomerRecord } from '../store.js'
import { customerAccounts } from './customerAccounts.js'
import { badRequest } from './moneyErrors.js'
import type { ResolvedDestination, UmaScenario } from './moneyState.js'
import type { InternalAccount } from './requireInternalAccount.js'

// The spec's "Sandbox UMA destinations": username on the sandbox UMA domain -> behaviour, currency.
const TEST_ADDRESSES: Record<string, { scenario: UmaScenario; currency: string }> = {
  'success.usd': { scenario: 'SUCCESS', currency: 'USD' },
  'success.eur': { scenario: 'SUCCESS', currency: 'EUR' },
  'success.mxn': { scenario: 'SUCCESS', currency: 'MXN' },
  'pending.long.usd': { scenario: 'LONG_PENDING', currency: 'USD' },
  'fail.compliance.usd': { scenario: 'COMPLIANCE_FAILURE', currency: 'USD' },
}

/**
 * The customer of this sandbox whose `umaAddress` (a customer field) is `umaAddress`.
 *
 * @example
 * ```ts
 * const receiver = customerByUmaAddress(ctx, '$alice@sandbox.uma.example')
 * ```
 */
export function customerByUmaAddress(ctx: SandboxContext, umaAddress: string): CustomerRecord | undefined {
  const wanted = umaAddress.toLowerCase()
  for (const customer of ctx.store.customers.values()) {
    const address = customer.fields.umaAddress
    if (typeof address === 'string' && address.toLowerCase() === wanted) return customer
  }
  return undefined
}

/**
 * The account of a customer that receives money in `currency`: the one in that currency, or
 * without a currency the embedded wallet (else the first account). 400 `INVALID_CURRENCY` when the
 * customer holds no account in `currency`.
 *
 * @example
 * ```ts
 * const account = receivingAccount(ctx, customer.id, 'USD')
 * ```
 */
export function receivingAccount(
  ctx: SandboxContext,
  customerId: string,
  currency?: string,
): InternalAccount {
  const accounts = customerAccounts(ctx, customerId)
  const wanted = currency?.toUpperCase()
  const account =
    wanted === undefined ? accounts[0] : accounts.find((candidate) => candidate.currency === wanted)
  if (!account) {
    throw badRequest('INVALID_CURRENCY', `The receiver holds no account in ${currency ?? 'any currency'}.`, {
      currencies: accounts.map((candidate) => candidate.currency),
    })
  }
  return account
}

/**
 * Resolves a well-formed UMA address: a sandbox test address on `config.umaDomain`, or the
 * `umaAddress` of a customer of this sandbox (paid into their account in `currency`, default
 * their wallet). Anything else has no receiver: 400 `INVALID_RECEIVER` (a quote documents no
 * 404). A `currency` that the receiver does not take is 400 `INVALID_CURRENCY`.
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
  if (test) {
    if (currency !== undefined && currency.toUpperCase() !== test.currency) {
      throw badRequest('INVALID_CURRENCY', `${umaAddress} receives ${test.currency}, not ${currency}.`)
    }
    return { destination: { kind: 'UMA_TEST', umaAddress, scenario: test.scenario }, currency: test.currency }
  }
  const receiver = customerByUmaAddress(ctx, umaAddress)
  if (!receiver) throw badRequest('INVALID_RECEIVER', `No receiver exists at ${umaAddress}.`)
  const account = receivingAccount(ctx, receiver.id, currency)
  return {
    destination: { kind: 'UMA_CUSTOMER', umaAddress, accountId: account.id },
    currency: account.currency,
  }
}
