import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'
import { createCustomerMethods } from './customerMethods.js'

/** Options of `contactFirst`. */
export interface ContactFirstOptions {
  customerId: string
  type: 'EMAIL_OTP' | 'SMS_OTP'
  /** The email address or E.164 number, already checked (`otpContact`). */
  contact: string
  /** Asked instead of the client's `confirm`. */
  confirm?: ConfirmAction
}

/**
 * The first half of adding a code credential with `customerId`: the service binds the credential
 * to the customer's email or phone, so `contact` goes on the customer first when it is not there.
 * The person is asked once, in the words of what they asked for ("Sign in with codes texted to
 * +33…"), before anything is signed. Returns the confirmation of the signatures after it (the
 * customer's change, the credential's): yes only for a payload naming that same contact, each
 * payload having been held to its request before it is asked about.
 *
 * @example
 * ```ts
 * const sameAct = await contactFirst(ctx, { customerId, type: 'SMS_OTP', contact: '+33612345678' })
 * await ctx.call('POST', '/auth/credentials', { body, intent, confirm: sameAct })
 * ```
 */
export async function contactFirst(
  ctx: ClientContext,
  { customerId, type, contact, confirm }: ContactFirstOptions,
): Promise<ConfirmAction> {
  const sms = type === 'SMS_OTP'
  const summary = sms
    ? `Sign in with codes texted to ${contact}.`
    : `Sign in with codes emailed to ${contact}.`
  await ctx.confirm({ action: 'add-credential', summary, contact }, confirm)
  const sameAct: ConfirmAction = (description) => description.contact === contact
  const customers = createCustomerMethods(ctx)
  const customer = await customers.get(customerId)
  if ((sms ? customer.phoneNumber : customer.email) !== contact) {
    const change = sms ? { phoneNumber: contact } : { email: contact }
    await customers.updateContact(customerId, change, {
      customerType: customer.customerType as 'INDIVIDUAL' | 'BUSINESS',
      confirm: sameAct,
    })
  }
  return sameAct
}
