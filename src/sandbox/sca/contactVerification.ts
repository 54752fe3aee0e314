import { requiresSca } from '../money/scaRegion.js'
import type { CustomerRecord } from '../store.js'

/** A channel whose code confirms a customer's contact. */
export type ContactChannel = 'email' | 'phone'

/**
 * The customer's current email or phone number, if it has one.
 *
 * @example
 * ```ts
 * contactOf(customer, 'phone') // '+33612345678'
 * ```
 */
export function contactOf(customer: CustomerRecord, channel: ContactChannel): string | undefined {
  return channel === 'email' ? customer.email : customer.phoneNumber
}

/**
 * Whether the customer's current email or phone number is the one it confirmed a code for: a
 * contact changed since is no longer verified.
 *
 * @example
 * ```ts
 * if (!isContactVerified(customer, 'phone')) throw invalidInput('No verified phone.')
 * ```
 */
export function isContactVerified(customer: CustomerRecord, channel: ContactChannel): boolean {
  const contact = contactOf(customer, channel)
  return contact !== undefined && customer.verifiedContacts?.[channel] === contact
}

/**
 * The customer's `contactVerification` member as the contract shows it: both channels for a
 * customer who needs SCA (an EU address), nothing for the others.
 *
 * @example
 * ```ts
 * return { ...view, ...contactVerificationView(customer) }
 * ```
 */
export function contactVerificationView(customer: CustomerRecord): {
  contactVerification?: { email: 'PENDING' | 'VERIFIED'; phone: 'PENDING' | 'VERIFIED' }
} {
  if (!requiresSca(customer)) return {}
  const status = (channel: ContactChannel) => (isContactVerified(customer, channel) ? 'VERIFIED' : 'PENDING')
  return { contactVerification: { email: status('email'), phone: status('phone') } }
}
