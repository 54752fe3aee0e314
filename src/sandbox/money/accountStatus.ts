import { iso, type SandboxContext } from '../context.js'
import type { CustomerRecord } from '../store.js'
import { announceAccountStatus } from '../webhooks/accountEvents.js'
import { customerAccounts } from './customerAccounts.js'

/**
 * Keeps a customer's internal accounts in step with its review, the sandbox's flow that changes an
 * internal account's status: the contract's `PENDING` is an account "under review and being
 * provisioned", so the accounts of a customer not yet KYC/KYB `APPROVED` (a business before
 * `POST /verifications`, an EU customer with a contact still to verify, a name-suffix `PENDING`
 * review) are opened `PENDING`, and turn `ACTIVE` when the customer is approved, each announced as
 * `INTERNAL_ACCOUNT.STATUS_UPDATED` with the whole account. Accounts of a customer approved from
 * the start are `ACTIVE` from the start (no event). The sandbox does not block payments on it.
 * Run after a customer's accounts are opened and after each change of its review.
 *
 * @example
 * ```ts
 * customer.fields.kybStatus = 'APPROVED'
 * syncAccountStatus(ctx, customer) // its PENDING accounts turn ACTIVE, announced
 * ```
 */
export function syncAccountStatus(ctx: SandboxContext, customer: CustomerRecord): void {
  const approved = customer.fields.kycStatus === 'APPROVED' || customer.fields.kybStatus === 'APPROVED'
  for (const account of customerAccounts(ctx, customer.id)) {
    if (account.status === undefined) {
      account.status = approved ? 'ACTIVE' : 'PENDING'
    } else if (account.status === 'PENDING' && approved) {
      account.status = 'ACTIVE'
      account.updatedAt = iso(ctx.clock.now())
      announceAccountStatus(ctx, account)
    }
  }
}
