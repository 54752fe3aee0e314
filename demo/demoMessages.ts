// The demo's strings on top of the elements' (`WalletMessages`): one table of sentences for the
// elements and for the page's own forms, so an error reads the same wherever it appears.

import { errorSentence } from '../src/elements/errorSentence.js'
import { defaultMessages, mergeMessages, type WalletMessages } from '../src/elements/messages.js'
import { isWalletAuthError } from '../src/errors.js'

/** What the demo changes or adds: the provider's name, and sentences for the demo backend's codes. */
export const demoMessageOverrides: Partial<WalletMessages> = {
  methodOauth: 'Google (sandbox)',
  errors: {
    UNAUTHENTICATED: 'Enter your email first.',
    SANDBOX_ONLY: 'This works with the local sandbox only.',
    STAND_IN_LOGIN_DISABLED: 'The email-only login is off against a real service.',
    INVALID_PHONE_NUMBER:
      'Type the number with its country code, starting with + (for example +33 6 12 34 56 78).',
    LAST_CREDENTIAL: 'Add another sign-in method before removing this one.',
    CREDENTIAL_REMOVES_ITSELF:
      'Sign in with another method to remove this one: a method cannot remove itself.',
    INSUFFICIENT_FUNDS: 'The wallet does not hold enough for this payment. Add funds first.',
    CREDENTIAL_ALREADY_EXISTS: 'This sign-in method is already on your account.',
    SELF_PAYMENT: 'A payment cannot go to the same account it comes from.',
    INVALID_RECEIVER: 'Nobody receives payments at that address. Check it and try again.',
    UMA_NOT_FOUND: 'Nobody receives payments at that address. Check it and try again.',
    UMA_ADDRESS_MISSING: 'Type the UMA address to pay, like $name@example.com.',
    UMA_ADDRESS_INVALID: 'That is not a UMA address. Type one like $name@example.com.',
  },
}

/** The strings the page and its elements use. */
export const demoMessages: WalletMessages = mergeMessages(defaultMessages, demoMessageOverrides)

/**
 * The sentence and code the page shows for `error`: the elements' `errorSentence`, with the two
 * refusals of a credential removal told apart by the service's reason, and a typed UMA address the
 * kit refused said as such.
 */
export function demoErrorSentence(error: unknown): { sentence: string; code: string } {
  const shown = errorSentence(error, demoMessages)
  if (
    isWalletAuthError(error, 'INVALID_INPUT') &&
    /at least one credential|last credential/i.test(error.message)
  ) {
    return { sentence: demoMessages.errors.LAST_CREDENTIAL ?? shown.sentence, code: shown.code }
  }
  // The kit's check of a typed UMA address, before anything is sent.
  if (isWalletAuthError(error, 'INVALID_ARGUMENT') && /UMA address/.test(error.message)) {
    return { sentence: demoMessages.errors.UMA_ADDRESS_INVALID ?? shown.sentence, code: shown.code }
  }
  if (
    isWalletAuthError(error, 'WALLET_SIGNATURE_INVALID') &&
    /another credential/i.test(`${error.message} ${error.reason ?? ''}`)
  ) {
    return { sentence: demoMessages.errors.CREDENTIAL_REMOVES_ITSELF ?? shown.sentence, code: shown.code }
  }
  // A code no table knows gets the table's DEFAULT sentence, never the service's own message: that
  // is written for developers ("Another SMS_OTP credential has this contact already").
  return shown
}
