// What the payment elements' tests share: a signed-in customer whose wallet holds money, in the EU
// (the service asks for strong customer authentication) or not, and a quote to pay from it.
import type { WalletAuthOptions } from '../../src/client/index.js'
import type { Quote } from '../../src/wire/quote.js'
import { type ElementCustomer, signInByEmail, signUpWithClient } from './elementKit.js'

/** The sandbox's SCA code (never sent: the sandbox logs it). */
export const SCA_CODE = '123456'

/** Calls the sandbox as the integrator's server does, with the platform's credentials. */
export async function platformCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch('/api/test/platform', {
    method: 'POST',
    body: JSON.stringify({ method, path, body }),
  })
  const answer: unknown = await response.json()
  if (!response.ok) throw new Error(`${method} ${path} was refused: ${JSON.stringify(answer)}`)
  return answer
}

/**
 * A signed-in customer with 50 of the wallet's currency (in the EU with `inEurope`: payments need
 * SCA), their client made with `client` (e.g. the app's own `confirm`).
 */
export async function fundedCustomer({
  inEurope = true,
  client = {},
}: {
  inEurope?: boolean
  client?: Partial<WalletAuthOptions>
} = {}): Promise<ElementCustomer> {
  const customer = await signUpWithClient(client)
  await signInByEmail(customer)
  if (inEurope) {
    const address = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
    await platformCall('PATCH', `/customers/${customer.customerId}`, { customerType: 'INDIVIDUAL', address })
  }
  await platformCall('POST', `/sandbox/internal-accounts/${customer.accountId}/fund`, { amount: 50_000_000 })
  return customer
}

/** A quote sending 10 of the wallet's currency (6 decimals) to `umaAddress`. */
export function quoteTo(
  { wallet, accountId }: ElementCustomer,
  umaAddress = '$success.eur@sandbox.uma.example',
): Promise<Quote> {
  return wallet.quotes.create({
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 10_000_000,
  })
}
