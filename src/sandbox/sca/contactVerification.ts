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
 * The channels the sandbox's provider requires a customer to verify: none for a customer who does
 * not need SCA; for one who does (an EU address), the phone always (its SMS_OTP factor) and the
 * email when it has one.
 *
 * @example
 * ```ts
 * contactChannels(customer) // ['phone', 'email']
 * ```
 */
export function contactChannels(customer: CustomerRecord): ContactChannel[] {
  if (!requiresSca(customer)) return []
  return customer.email === undefined ? ['phone'] : ['phone', 'email']
}

/**
 * Whether every channel the customer must verify is verified: before then its KYC cannot begin.
 *
 * @example
 * ```ts
 * customer.fields.kycStatus = contactsVerified(customer) ? kycOutcome(customer).kycStatus : 'UNVERIFIED'
 * ```
 */
export function contactsVerified(customer: CustomerRecord): boolean {
  return contactChannels(customer).every((channel) => isContactVerified(customer, channel))
}

/**
 * The customer's `contactVerification` member as the contract shows it: the channels it must
 * verify (`contactChannels`), nothing for a customer who needs none.
 *
 * @example
 * ```ts
 * return { ...view, ...contactVerificationView(customer) }
 * ```
 */
export function contactVerificationView(customer: CustomerRecord): {
  contactVerification?: { email?: 'PENDING' | 'VERIFIED'; phone?: 'PENDING' | 'VERIFIED' }
} {
  const channels = contactChannels(customer)
  if (channels.length === 0) return {}
  const status = (channel: ContactChannel) => (isContactVerified(customer, channel) ? 'VERIFIED' : 'PENDING')
  return { contactVerification: Object.fromEntries(channels.map((channel) => [channel, status(channel)])) }
}
