import { contactVerificationView } from './sca/contactVerification.js'
import type { CustomerRecord } from './store.js'

// Kept by the sandbox, never shown: the contract marks it write-only.
const WRITE_ONLY = ['identifier']

/**
 * A customer as the service shows it (IndividualCustomer or BusinessCustomer): its ids, type, UMA
 * address, contact, and the fields it was given, without the write-only ones; for a customer who
 * needs SCA, its `contactVerification`.
 *
 * @example
 * ```ts
 * return c.json(customerView(customer), 201)
 * ```
 */
export function customerView(customer: CustomerRecord): Record<string, unknown> {
  const { fields, id, customerType, fullName, email, phoneNumber, address, createdAt, updatedAt } = customer
  const shown = Object.fromEntries(Object.entries(fields).filter(([key]) => !WRITE_ONLY.includes(key)))
  return {
    id,
    customerType,
    ...shown,
    // A business is named by its businessInfo; the record's fullName is only an individual's.
    ...(customerType === 'INDIVIDUAL' && fullName ? { fullName } : {}),
    ...(email === undefined ? {} : { email }),
    ...(phoneNumber === undefined ? {} : { phoneNumber }),
    ...(address === undefined ? {} : { address }),
    ...contactVerificationView(customer),
    isDeleted: false,
    createdAt,
    updatedAt,
  }
}
