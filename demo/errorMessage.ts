import { isWalletAuthError, type WalletAuthError } from '../src/errors.js'

type Sentence = string | ((error: WalletAuthError) => string)

const TIMED_OUT = 'That request timed out. Please try again.'
const SESSION_ENDED = 'Your session ended. Sign in again to continue.'

// What happened and what to do next, per code (ux.md). The service's `reason` tells apart the
// cases one code covers; anything unlisted falls back to the service's own message.
const SENTENCES: Record<string, Sentence> = {
  UNAUTHORIZED: (error) => {
    const reason = error.reason ?? ''
    if (/invalid otp code/i.test(reason)) return 'That code is not right. Send a new code to try again.'
    if (/no unused otp/i.test(reason)) return 'That code was already used. Send a new code to try again.'
    if (/expired/i.test(reason)) return TIMED_OUT
    if (/oidc/i.test(reason)) return 'The sign-in with your provider was not accepted. Please try again.'
    return 'The service did not accept this. Please sign in again.'
  },
  RATE_LIMITED: (error) =>
    `Too many attempts. Try again in ${error.retryAfter === undefined ? 'a moment' : `${error.retryAfter} seconds`}.`,
  WALLET_SIGNATURE_INVALID: (error) =>
    /another credential/i.test(error.reason ?? '')
      ? 'Sign in with another method to remove this one: a method cannot remove itself.'
      : SESSION_ENDED,
  WALLET_SIGNATURE_MISSING: SESSION_ENDED,
  NO_SESSION_KEY: SESSION_ENDED,
  SESSION_EXPIRED: SESSION_ENDED,
  STORAGE_BLOCKED: 'Another tab holds an older version of this page open. Close it and try again.',
  STORAGE_QUOTA_EXCEEDED: 'This browser is out of storage space for this site. Free some and try again.',
  CHALLENGE_EXPIRED: TIMED_OUT,
  REQUEST_ID_REUSED: TIMED_OUT,
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'This passkey is already registered.',
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Email sign-in is already on your account.',
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'SMS sign-in is already on your account.',
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'That email address is already used by another account.',
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: 'Your sign-in methods changed meanwhile. Reload and try again.',
  EMAIL_OTP_CREDENTIAL_SYNC_FAILED:
    'The contact could not be changed right now. Nothing was changed; try again.',
  SCA_SESSION_REQUIRED: 'Confirm it is you first, then try again.',
  ACCOUNT_LOCKED: (error) =>
    `Too many wrong confirmations: the account is locked${
      error.retryAfter === undefined ? ' for a while' : ` for ${error.retryAfter} seconds`
    }.`,
  DAILY_VOLUME_LIMIT_EXCEEDED:
    'This payment goes over the daily limit. Try a smaller amount or wait until tomorrow.',
  SELF_PAYMENT: 'A payment cannot go to the same account it comes from.',
  INVALID_RECEIVER: 'Nobody receives payments at that address. Check it and try again.',
  CONFLICT: 'That cannot be done in the state it is in now. Reload and try again.',
  UNSIGNED_EXPORT: 'The export did not come signed by the wallet service, so it was not opened.',
  PASSKEY_ALREADY_REGISTERED: 'This passkey is already registered.',
  CREDENTIAL_ALREADY_EXISTS: 'This sign-in method is already on your account.',
  PASSKEY_CANCELLED: 'The passkey request was closed. Try again, or use another method.',
  PASSKEY_TIMEOUT: 'The passkey request timed out. Try again, or use another method.',
  PASSKEY_NOT_SUPPORTED: 'This browser cannot use passkeys here. Use another method.',
  PASSKEY_INVALID_DOMAIN: 'Passkeys do not work on this address. Open the page on localhost.',
  OIDC_TOKEN_STALE: 'Your sign-in with the provider took too long. Please try again.',
  OIDC_TOKEN_EXPIRED: 'Your sign-in with the provider took too long. Please try again.',
  OIDC_TOKEN_NOT_YET_VALID: "Your device's clock looks wrong. Set it right and try again.",
  OTP_NOT_SENT: 'Send a code first: each code works once.',
  INVALID_OTP_CODE: 'Type the 6 digits of the code.',
  UNTRUSTED_SIGNER: 'The code request did not come from the wallet service, so it was not used.',
  BUNDLE_SIGNATURE_INVALID: 'The code request did not come from the wallet service, so it was not used.',
  SESSION_ID_UNKNOWN: 'The service did not name this session, so it cannot be changed. Sign in again.',
  QUOTE_EXPIRED: 'This quote expired. Get a new quote.',
  INSUFFICIENT_FUNDS: 'The wallet does not hold enough for this payment. Add funds first.',
  SCA_CHALLENGE_EXPIRED: 'The confirmation step expired. Send the code again or get a new quote.',
  NETWORK_ERROR: 'The server could not be reached. Check the connection and try again.',
  UNAUTHENTICATED: 'Enter your email first.',
  FORBIDDEN: 'The signed-in account may not do this.',
  SANDBOX_ONLY: 'This works with the local sandbox only.',
  STORAGE_FAILED: 'This browser could not store the session key. Check its storage settings.',
}

/** A sentence a person understands for `error`, and the code to quote to support. */
export function errorMessage(error: unknown): { sentence: string; code: string } {
  if (!isWalletAuthError(error)) {
    return { sentence: 'Something went wrong on this page. Reload it and try again.', code: 'PAGE_ERROR' }
  }
  const sentence = SENTENCES[error.code]
  if (sentence === undefined) return { sentence: error.message, code: error.code }
  return { sentence: typeof sentence === 'string' ? sentence : sentence(error), code: error.code }
}
