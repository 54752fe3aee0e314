// Test-only: an EU customer taken through the contract's SCA set-up (a phone verified, SCA login),
// as an integrator's backend does it before the customer pays.
import { expect } from 'vitest'
import { type Customer, createCustomer, type Harness } from './harness.js'

/** The code the sandbox takes for contact verification, SCA logins and payment challenges. */
export const SCA_CODE = '123456'

/** A fresh French mobile number in E.164 form, so that customers never share one. */
export function uniquePhone(): string {
  return `+336${String((crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 100_000_000).padStart(8, '0')}`
}

/**
 * Verifies the customer's phone unless it is verified already (an EU customer created with a phone
 * has it verified from creation): `/verify-phone` (204), then its `/confirm` with the code (200).
 */
export async function verifyPhone(h: Harness, customerId: string): Promise<void> {
  const view = await h.call('GET', `/customers/${customerId}`)
  const phone = (view.body.contactVerification as { phone?: string } | undefined)?.phone
  if (phone === 'VERIFIED') return
  const sent = await h.call('POST', `/customers/${customerId}/verify-phone`)
  expect(sent.status).toBe(204)
  const confirmed = await h.call('POST', `/customers/${customerId}/verify-phone/confirm`, { code: SCA_CODE })
  expect(confirmed.status).toBe(200)
}

/** An SCA login by SMS code (start, then complete): the customer's SCA session opens. */
export async function smsScaLogin(h: Harness, customerId: string): Promise<void> {
  const query = `?customerId=${encodeURIComponent(customerId)}`
  const started = await h.call('POST', `/sca/login/start${query}`, { factor: 'SMS_OTP' })
  expect(started.status).toBe(200)
  const completed = await h.call('POST', `/sca/login/complete${query}`, {
    factor: 'SMS_OTP',
    challengeId: started.body.challengeId,
    code: SCA_CODE,
    endUserIpAddress: '203.0.113.42',
  })
  expect([completed.status, completed.body.status]).toEqual([200, 'SUCCESS'])
}

/**
 * A customer with an address in `country` and a phone number: when the country needs SCA, its
 * phone is verified and an SCA login done, so that it can pay with an SMS code.
 */
export async function payingCustomer(
  h: Harness,
  country: string,
  fields: Record<string, unknown> = {},
): Promise<Customer> {
  const customer = await createCustomer(h, {
    address: { line1: '1 Rue Haute', city: 'Ville', postalCode: '1000', country },
    phoneNumber: uniquePhone(),
    ...fields,
  })
  const view = await h.call('GET', `/customers/${customer.customerId}`)
  if (view.body.contactVerification !== undefined) {
    await verifyPhone(h, customer.customerId)
    await smsScaLogin(h, customer.customerId)
  }
  return customer
}

/** What a software authenticator gives for a registration. */
interface Registering {
  register(challenge: string): Record<string, unknown>
}

/**
 * Enrols the authenticator's passkey as the customer's SCA factor: `POST /sca/factors` (PASSKEY),
 * then `/sca/factors/confirm` with the registration of its options' challenge. Returns the factor.
 */
export async function enrolScaPasskey(
  h: Harness,
  options: { customerId: string; authenticator: Registering; origin: string },
): Promise<Record<string, unknown>> {
  const query = `?customerId=${encodeURIComponent(options.customerId)}`
  const started = await h.call('POST', `/sca/factors${query}`, { type: 'PASSKEY' })
  expect(started.status).toBe(200)
  const { challenge } = started.body.options as { challenge: string }
  const confirmed = await h.call('POST', `/sca/factors/confirm${query}`, {
    type: 'PASSKEY',
    origin: options.origin,
    credential: options.authenticator.register(challenge),
  })
  expect(confirmed.status).toBe(200)
  return confirmed.body.factor as Record<string, unknown>
}
