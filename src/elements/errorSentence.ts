import { isWalletAuthError } from '../errors.js'
import { fillIn, type WalletMessages } from './messages.js'

/**
 * What an element shows for a failure: a sentence a person understands (no code in it), and the
 * code for support, shown apart.
 */
export interface ErrorSentence {
  sentence: string
  code: string
}

// The service's `reason` tells apart the cases one code covers.
function messageKey(code: string, reason: string): string {
  if (code === 'UNAUTHORIZED' || code === 'INVALID_INPUT') {
    if (/invalid otp code|code is not right|wrong code/i.test(reason)) return 'WRONG_CODE'
    if (/no unused otp|already used/i.test(reason)) return 'CODE_USED'
    // A signed retry's challenge that lapsed: the session is fine, the request is to be sent again.
    if (/challenge .*expired|expired challenge/i.test(reason)) return 'CHALLENGE_EXPIRED'
  }
  // A contact typed into the OTP form that is no email address or E.164 phone number.
  if (code === 'INVALID_ARGUMENT') {
    if (/invalid email/i.test(reason)) return 'INVALID_EMAIL'
    if (/invalid phone/i.test(reason)) return 'INVALID_PHONE'
  }
  // The service's generic 409 for a phone number another sign-in method has already (the sandbox
  // says "Another SMS_OTP credential has this contact already").
  if (code === 'CONFLICT' && /contact|phone/i.test(reason) && /already/i.test(reason)) return 'PHONE_TAKEN'
  return code
}

/**
 * The sentence `messages.errors` has for `error` (by its code, or a finer key read from the
 * service's `reason`), with `{seconds}` from `Retry-After`. An error that is not a kit error is a
 * fault of the page: `PAGE_ERROR`.
 *
 * @example
 * ```ts
 * const { sentence, code } = errorSentence(error, defaultMessages)
 * toast(sentence, { detail: `Reference for support: ${code}` })
 * ```
 */
export function errorSentence(error: unknown, messages: WalletMessages): ErrorSentence {
  if (!isWalletAuthError(error)) return { sentence: messages.errors.PAGE_ERROR ?? '', code: 'PAGE_ERROR' }
  const { code, retryAfter } = error
  if (code === 'RATE_LIMITED' && retryAfter === undefined) {
    return { sentence: messages.errors.RATE_LIMITED_SOON ?? '', code }
  }
  // A 409 carries no `reason`: the service's message is what tells its cases apart.
  const said = code === 'CONFLICT' ? `${error.reason ?? ''} ${error.message}` : (error.reason ?? '')
  const template =
    messages.errors[messageKey(code, said)] ?? messages.errors[code] ?? messages.errors.DEFAULT ?? ''
  return { sentence: fillIn(template, { seconds: retryAfter ?? 0, code }), code }
}
