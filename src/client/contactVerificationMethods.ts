import { Customer } from '../wire/customer.js'
import type { ClientContext } from './clientContext.js'

/** A contact the service verifies with a code. */
export type ContactChannel = 'email' | 'phone'

/**
 * Verifying the customer's email or phone with a code, for customers who need it (today: an EU
 * address; others get `CONFLICT`). The customer's `contactVerification` shows each channel's
 * status; a verified phone is the customer's `SMS_OTP` SCA factor.
 *
 * @example
 * ```ts
 * await wallet.customers.sendVerificationCode(customerId, 'phone')
 * const customer = await wallet.customers.confirmVerificationCode(customerId, 'phone', codeInput.value)
 * ```
 */
export interface ContactVerificationMethods {
  /** Sends (or sends again) a code to the customer's email or phone. */
  sendVerificationCode(customerId: string, channel: ContactChannel): Promise<void>
  /** Confirms the code received; answers the customer, the channel now `VERIFIED`. */
  confirmVerificationCode(customerId: string, channel: ContactChannel, code: string): Promise<Customer>
}

/**
 * The contact-verification methods of a client's `customers`, calling through its context.
 *
 * @example
 * ```ts
 * const customers = { ...createCustomerMethods(ctx), ...createContactVerificationMethods(ctx) }
 * await customers.sendVerificationCode(customerId, 'email')
 * ```
 */
export function createContactVerificationMethods(ctx: ClientContext): ContactVerificationMethods {
  const path = (customerId: string, channel: ContactChannel) =>
    `/customers/${encodeURIComponent(customerId)}/verify-${channel}`
  return {
    async sendVerificationCode(customerId, channel) {
      await ctx.call('POST', path(customerId, channel))
    },
    confirmVerificationCode: (customerId, channel, code) =>
      ctx.call('POST', `${path(customerId, channel)}/confirm`, { body: { code }, schema: Customer }),
  }
}
