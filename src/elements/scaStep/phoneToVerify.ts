import type { ElementClient } from '../elementClient.js'

/**
 * The phone an SCA customer must verify before a payment can be confirmed by text message, read
 * from the customer's `contactVerification` (the service's own state, not the wording of an
 * error): `{ phoneNumber }` when its phone is `PENDING` (a number added or changed since it was
 * verified), `{}` when it has no phone yet, `undefined` when nothing is to verify (no SCA, or the
 * phone is verified).
 *
 * @example
 * ```ts
 * const phone = await phoneToVerify(client, customerId)
 * if (phone) askForCode(phone.phoneNumber ?? (await askForNumber()))
 * ```
 */
export async function phoneToVerify(
  client: ElementClient,
  customerId: string,
): Promise<{ phoneNumber?: string } | undefined> {
  const customer = await client.customers.get(customerId)
  const { contactVerification } = customer as { contactVerification?: { phone?: string } }
  if (contactVerification?.phone !== 'PENDING') return undefined
  return customer.phoneNumber ? { phoneNumber: customer.phoneNumber } : {}
}
