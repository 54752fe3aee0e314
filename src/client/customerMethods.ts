import { WalletAuthError } from '../errors.js'
import { Customer } from '../wire/customer.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'
import { relayConfirmedFetch } from './relayConfirmedFetch.js'

/** One contact change: the service takes the email and the phone number in separate calls. */
export type ContactChange = { email: string; phoneNumber?: never } | { phoneNumber: string; email?: never }

/** The customer behind the wallet. */
export interface CustomerMethods {
  get(customerId: string): Promise<Customer>
  /**
   * Changes the customer's email or phone number (E.164). Where an embedded wallet's `EMAIL_OTP`
   * (or `SMS_OTP`) credential follows it, the service asks for the wallet's signature and then
   * moves every such credential with it: the current session signs. An address already on
   * another credential is `EMAIL_OTP_EMAIL_ALREADY_EXISTS`. The body names the customer's type,
   * read from the customer unless `customerType` is given. The relay first has the session sign
   * its own activity naming the customer, the contact and the body's digest (the customer's SCA
   * codes go to this email or phone); where the service then asks as well, the same act is asked
   * about once. Every signature binds the contact sent (an activity naming another is
   * `PAYLOAD_MISMATCH`); `confirm` is asked instead of the client's.
   */
  updateContact(
    customerId: string,
    change: ContactChange,
    options?: { customerType?: 'INDIVIDUAL' | 'BUSINESS'; confirm?: ConfirmAction },
  ): Promise<Customer>
}

/** The `customers` methods of a client. */
export function createCustomerMethods(ctx: ClientContext): CustomerMethods {
  const path = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`
  const get = (customerId: string) => ctx.call('GET', path(customerId), { schema: Customer })
  return {
    get,
    async updateContact(customerId, change, options = {}) {
      const { email, phoneNumber } = (change ?? {}) as { email?: unknown; phoneNumber?: unknown }
      const given = [email, phoneNumber].filter((value) => value !== undefined)
      if (given.length !== 1 || typeof given[0] !== 'string') {
        throw new WalletAuthError(
          'INVALID_ARGUMENT',
          'Change the email or the phone number, one per call (the service refuses both at once).',
        )
      }
      const field = email === undefined ? { phoneNumber } : { email }
      const customerType = options.customerType ?? (await get(customerId)).customerType
      return ctx.call('PATCH', path(customerId), {
        body: { customerType, ...field },
        schema: Customer,
        fetch: relayConfirmedFetch(ctx, options.confirm),
      })
    },
  }
}
