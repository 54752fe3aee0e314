/**
 * The operations `createRelay` forwards only with the customer's confirmation: a signature by a
 * live session key of the customer over the relay's own activity naming exactly that act. The
 * service carries them out on the API secret alone, so without this a script holding only the app's
 * session cookie could remove a customer's SCA passkey and enrol its own, or move the phone or email
 * the customer's SCA codes go to, then approve payments with them. Enrolment is confirmed where it
 * binds (`/sca/factors/confirm`: the secret and its code, or the passkey's registration); starting
 * one hands out options and binds nothing. A factor reset likewise where it acts: its `/complete`
 * clears the lost factor and, for `SMS_OTP`, makes the `mobile` it names the customer's SCA phone.
 * Trusting a beneficiary, where it binds (`…/trust/confirm`): payments to it then go without an SCA
 * code, so a script must not trust its own account with a code it saw. Untrusting needs no
 * confirmation: it only brings the code back.
 *
 * @example
 * ```ts
 * CONFIRMED_OPERATIONS.includes('DELETE /sca/factors/{scaCredentialId}') // true
 * ```
 */
export const CONFIRMED_OPERATIONS = [
  'POST /sca/factors/confirm',
  'DELETE /sca/factors/{scaCredentialId}',
  'PATCH /customers/{customerId}',
  'POST /sca/factors/reset/{resetId}/complete',
  'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
] as const

/** One of the operations the relay forwards only when the customer confirmed it. */
export type ConfirmedOperation = (typeof CONFIRMED_OPERATIONS)[number]
