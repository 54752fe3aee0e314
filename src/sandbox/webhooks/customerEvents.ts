import type { SandboxContext } from '../context.js'
import { customerView } from '../customerView.js'
import type { CustomerRecord } from '../store.js'
import { isSandboxWebhookType } from './webhookEvent.js'

/**
 * Sends the customer's KYC (or a business's KYB) outcome as `CUSTOMER.KYC_<status>` /
 * `CUSTOMER.KYB_<status>`, with the customer; nothing for a status the contract has no event for
 * (a business's `UNVERIFIED`).
 *
 * @example
 * ```ts
 * announceCustomer(ctx, customer) // after creation or a verification
 * ```
 */
export function announceCustomer(ctx: SandboxContext, customer: CustomerRecord): void {
  const business = customer.fields.kybStatus !== undefined
  const status = business ? customer.fields.kybStatus : customer.fields.kycStatus
  const type = `CUSTOMER.${business ? 'KYB' : 'KYC'}_${String(status)}`
  const hub = ctx.webhooks?.hub
  if (isSandboxWebhookType(type) && hub?.endpoint() !== undefined) hub.emit(type, customerView(customer))
}

/**
 * Sends a verification's outcome as `VERIFICATION.<verificationStatus>`, with the Verification.
 *
 * @example
 * ```ts
 * announceVerification(ctx, verificationView(verification))
 * ```
 */
export function announceVerification(ctx: SandboxContext, verification: Record<string, unknown>): void {
  const type = `VERIFICATION.${String(verification.verificationStatus)}`
  if (isSandboxWebhookType(type)) ctx.webhooks?.hub.emit(type, verification)
}
