import * as z from 'zod/mini'
import { DateTime, prefixedId } from './primitives.js'

/**
 * A customer as the kit reads it: its id, type and contact fields (the email and phone number
 * the customer's OTP credentials follow). The other members of the service's Customer are kept.
 *
 * @example
 * ```ts
 * const customer = parseWire(Customer, await response.json(), 'Customer')
 * showContact(customer.email, customer.phoneNumber)
 * ```
 */
export const Customer = z.looseObject({
  id: prefixedId('Customer'),
  customerType: z.string().check(z.minLength(1)),
  email: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  umaAddress: z.optional(z.string()),
  platformCustomerId: z.optional(z.string()),
  createdAt: z.optional(DateTime),
  updatedAt: z.optional(DateTime),
})
export type Customer = z.infer<typeof Customer>
