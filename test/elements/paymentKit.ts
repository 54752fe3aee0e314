// What the payment elements' tests share: a signed-in customer whose wallet holds money, in the EU
// (the service asks for strong customer authentication) or not, and a quote to pay from it.
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import type { WalletAuthOptions } from '../../src/client/index.js'
import { passkeyRegistration } from '../../src/passkey/passkeyRegistration.js'
import type { Quote } from '../../src/wire/quote.js'
import { type ElementCustomer, signInByEmail, signUpWithClient } from './elementKit.js'

/** The sandbox's SCA code (never sent: the sandbox logs it). */
export const SCA_CODE = '123456'

/** The person's device address, as the integrator's backend saw it (documentation range). */
export const END_USER_IP = '203.0.113.42'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }

/** A fresh French mobile number, so that customers never share one. */
function uniquePhone(): string {
  return `+336${String((crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 100_000_000).padStart(8, '0')}`
}

/** Calls the sandbox as the integrator's server does, with the platform's credentials. */
export async function platformCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch('/api/test/platform', {
    method: 'POST',
    body: JSON.stringify({ method, path, body }),
  })
  // A 204 (a verification code sent) has no body.
  const text = await response.text()
  const answer: unknown = text ? JSON.parse(text) : null
  if (!response.ok) throw new Error(`${method} ${path} was refused: ${JSON.stringify(answer)}`)
  return answer
}

/**
 * A signed-in customer with 50 of the wallet's currency, their client made with `client` (e.g. the
 * app's own `confirm`). `inEurope` (default): signed up with a Paris address and a phone, which
 * the service verifies from creation; payments need SCA. `scaLogin` (default with `inEurope`):
 * the customer's SCA login done beforehand, as a backend may do it; without it the payment's
 * authorisation asks for one (`SCA_SESSION_REQUIRED`).
 */
export async function fundedCustomer({
  inEurope = true,
  scaLogin = inEurope,
  client = {},
}: {
  inEurope?: boolean
  scaLogin?: boolean
  client?: Partial<WalletAuthOptions>
} = {}): Promise<ElementCustomer> {
  const customer = await signUpWithClient(
    client,
    inEurope ? { address: PARIS, phoneNumber: uniquePhone() } : {},
  )
  await signInByEmail(customer)
  if (scaLogin) {
    const id = customer.customerId
    const login = (await platformCall('POST', `/sca/login/start?customerId=${id}`, {
      factor: 'SMS_OTP',
    })) as {
      challengeId: string
    }
    await platformCall('POST', `/sca/login/complete?customerId=${id}`, {
      factor: 'SMS_OTP',
      challengeId: login.challengeId,
      code: SCA_CODE,
      endUserIpAddress: END_USER_IP,
    })
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

/**
 * Enrols a passkey of this browser's (virtual) authenticator as the customer's SCA factor, as its
 * backend would: the factor routes' creation options, the ceremony here, the credential confirmed.
 */
export async function enrolScaPasskey({ customerId }: ElementCustomer): Promise<void> {
  const query = `?customerId=${customerId}`
  const started = (await platformCall('POST', `/sca/factors${query}`, { type: 'PASSKEY' })) as {
    options: PublicKeyCredentialCreationOptionsJSON
  }
  const { attestation } = await passkeyRegistration({ optionsJSON: started.options, nickname: 'SCA' })
  await platformCall('POST', `/sca/factors/confirm${query}`, {
    type: 'PASSKEY',
    origin: location.origin,
    credential: attestation,
  })
}
