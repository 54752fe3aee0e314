import type { SandboxContext } from '../context.js'
import { syncAccountStatus } from '../money/accountStatus.js'
import { kycOutcome } from '../money/kycOutcome.js'
import type { CustomerRecord } from '../store.js'
import { announceCustomer } from '../webhooks/customerEvents.js'
import { contactsVerified } from './contactVerification.js'

/**
 * Runs an individual's KYC review (the sandbox's name-suffix outcome) once every contact channel it
 * must verify is verified, as the contract orders it: contacts first, then KYC. A customer still
 * `UNVERIFIED` after its last channel was confirmed gets its outcome and the `CUSTOMER.KYC_*`
 * event; one already reviewed keeps its status (a contact changed later does not undo a review).
 *
 * @example
 * ```ts
 * customer.verifiedContacts = { ...customer.verifiedContacts, phone }
 * startKycWhenContactsVerified(ctx, customer)
 * ```
 */
export function startKycWhenContactsVerified(ctx: SandboxContext, customer: CustomerRecord): void {
  if (customer.fields.kycStatus !== 'UNVERIFIED' || !contactsVerified(customer)) return
  const { kycStatus } = kycOutcome(customer)
  if (kycStatus === undefined) return
  customer.fields.kycStatus = kycStatus
  announceCustomer(ctx, customer)
  syncAccountStatus(ctx, customer)
}
