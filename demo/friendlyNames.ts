// What the page calls the service's enums: a person reads "Email code", not "EMAIL_OTP".
import type { QuoteStatus } from '../src/wire/index.js'

const METHOD_NAMES: Record<string, string> = {
  EMAIL_OTP: 'Email code',
  SMS_OTP: 'Text message code',
  PASSKEY: 'Passkey',
  OAUTH: 'Google (sandbox)',
}

/** The name of a sign-in method (an AuthMethod or session `type`). */
export function methodName(type: string): string {
  return METHOD_NAMES[type] ?? type
}

const QUOTE_STATES: Record<string, string> = {
  PENDING: 'Ready to pay',
  PENDING_AUTHORIZATION: 'Waiting for your confirmation',
  PROCESSING: 'On its way',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
}

/** Where a payment stands, in words. */
export function quoteState(status: QuoteStatus | string): string {
  return QUOTE_STATES[status] ?? status
}
