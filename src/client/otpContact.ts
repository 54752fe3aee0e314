import { WalletAuthError } from '../errors.js'
import type { ActivityExpectation } from '../intent/activityExpectation.js'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const E164 = /^\+[1-9]\d{6,14}$/
// What people type between the digits of a phone number.
const PHONE_SEPARATORS = /[\s().-]/g

/**
 * The contact an OTP credential is bound to, as the user typed or confirmed it: an email address
 * (trimmed) for `EMAIL_OTP`, an E.164 phone number (spaces, dots, dashes and brackets dropped) for
 * `SMS_OTP`. Anything else is `INVALID_ARGUMENT`.
 *
 * @example
 * ```ts
 * otpContact('SMS_OTP', '+1 (415) 555-0123') // '+14155550123'
 * ```
 */
export function otpContact(type: 'EMAIL_OTP' | 'SMS_OTP', contact: unknown): string {
  const given = typeof contact === 'string' ? contact.trim() : ''
  if (type === 'EMAIL_OTP' && EMAIL.test(given)) return given
  const phone = given.replace(PHONE_SEPARATORS, '')
  if (type === 'SMS_OTP' && E164.test(phone)) return phone
  throw new WalletAuthError(
    'INVALID_ARGUMENT',
    type === 'EMAIL_OTP'
      ? 'Name the email address the user confirmed, e.g. ada@example.com.'
      : 'Name the phone number the user confirmed, in international form, e.g. +14155550123.',
  )
}

/**
 * Whether `bound`, the contact an activity binds, is `contact`: emails compared without regard to
 * case (as mail is delivered), phone numbers exactly.
 *
 * @example
 * ```ts
 * sameContact('EMAIL_OTP', 'Ada@Example.com', 'ada@example.com') // true
 * ```
 */
export function sameContact(type: 'EMAIL_OTP' | 'SMS_OTP', bound: unknown, contact: string): boolean {
  if (typeof bound !== 'string') return false
  return type === 'EMAIL_OTP' ? bound.toLowerCase() === contact.toLowerCase() : bound === contact
}

/**
 * What adding an OTP credential bound to `contact` (from `otpContact`) may have the session sign:
 * the contact update of its type, naming that contact and no other.
 *
 * @example
 * ```ts
 * otpAddIntent('EMAIL_OTP', 'ada@example.com')
 * // [{ type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: (value) => … } }]
 * ```
 */
export function otpAddIntent(type: 'EMAIL_OTP' | 'SMS_OTP', contact: string): ActivityExpectation[] {
  const bindsContact = (value: unknown) => sameContact(type, value, contact)
  return type === 'EMAIL_OTP'
    ? [{ type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: bindsContact } }]
    : [{ type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER', parameters: { userPhoneNumber: bindsContact } }]
}
