/**
 * Every string the elements show. Pass a partial copy as an element's `messages` property (or to
 * `defineWalletElements`) to translate or reword them; `{name}` placeholders are filled in.
 * `errors` maps a `WalletAuthError` code (or one of the finer keys below) to a sentence that says
 * what happened and what to do next, in words without codes; the code is shown apart, on its own
 * line after the sentence (`errorCode`), for support.
 */
export interface WalletMessages {
  passkeySignIn: string
  passkeyWaiting: string
  passkeyUnavailable: string
  otpSendEmail: string
  otpSendSms: string
  otpSentEmail: string
  otpSentSms: string
  otpCodeLabel: string
  otpVerify: string
  otpResend: string
  otpResendIn: string
  /** Said when the form starts over (its client changed): the code sent before no longer counts. */
  otpStartOver: string
  otpHint: string
  /** With `adding` and a `contact`: the first step's button, naming where codes go (`{contact}`). */
  otpSendEmailTo: string
  otpSendSmsTo: string
  /** With `adding` and no `contact`: the field asking for it. */
  otpEmailLabel: string
  otpPhoneLabel: string
  otpPhoneHint: string
  /** Signer mode: after the code was sent, where the person types it (the signer's box over the page). */
  otpInSigner: string
  /** Signer mode: the button that opens the signer's code box again. */
  otpTypeInSigner: string
  /** Signer mode: the person closed the signer's code box before the code was typed. */
  otpSignerClosed: string
  oauthSignIn: string
  signInHeading: string
  signInWith: string
  methodEmail: string
  methodSms: string
  methodPasskey: string
  methodOauth: string
  signedIn: string
  sessionEndsIn: string
  sessionExpiringSoon: string
  sessionRefresh: string
  sessionSignOut: string
  sessionEnded: string
  signedOut: string
  signedOutElsewhere: string
  scaHeading: string
  scaCodeLabel: string
  scaConfirm: string
  scaPasskey: string
  scaResend: string
  exportWarning: string
  exportStart: string
  exportPhraseLabel: string
  exportCopy: string
  exportCopied: string
  exportHide: string
  /** The line after an error's sentence, outside the alert, with the code for support: `{code}`. */
  errorCode: string
  errors: Record<string, string>
  // Sign-in, OAuth button and session status
  /** The OAuth button when its `provider` is named. */
  oauthSignInWith: string
  oauthWaiting: string
  signInAnotherWay: string
  sessionRefreshed: string
  // SCA step (payments) and export reveal
  /** What is authorised: `{amount}` sent, `{receiver}` the destination. */
  scaSummary: string
  /** What the receiver gets: `{amount}`. */
  scaReceives: string
  scaPay: string
  scaCodeSent: string
  scaPasskeyAsk: string
  scaResendIn: string
  scaResent: string
  scaPaid: string
  scaPending: string
  /** Signer mode: Pay pressed, the payment is shown and confirmed in the wallet window. */
  scaConfirmInSigner: string
  /** The SCA login asked before a payment (the service's `SCA_SESSION_REQUIRED`): its heading. */
  scaLoginHeading: string
  scaLoginCodeLabel: string
  /** While the login's code is being sent. */
  scaLoginStarting: string
  /** The login's code went out: `{length}` digits. */
  scaLoginCodeSent: string
  /** The button that sends the login's first code, when sending it failed. */
  scaLoginSend: string
  /** Logged in: the payment goes on. */
  scaLoginDone: string
  /** The SCA login by the customer's passkey, offered first when one is enrolled. */
  scaLoginPasskeyAsk: string
  /** The other way beside the passkey: a code by text message. */
  scaLoginBySms: string
  /** The customer's mobile number is to be added or confirmed before paying: the form's heading. */
  scaPhoneHeading: string
  /** The customer has no mobile number: what to do. */
  scaPhoneAsk: string
  /** A code went to the number to confirm: `{length}` digits, `{phone}` the number. */
  scaPhoneCodeSent: string
  /** After `scaPhoneCodeSent` (or `scaResent`) in page mode: where the code goes. */
  scaTypeHere: string
  /** Back to typing the number. */
  scaPhoneChange: string
  /** After a 423 `ACCOUNT_LOCKED`: when to try again, `{time}`. */
  scaLockedUntil: string
  exportShown: string
  exportHidden: string
  /** Signer mode: while the phrase is in the wallet window (the signer's frame), never in the page. */
  exportInSigner: string
  /** Signer mode: the person hid the phrase in the wallet window. */
  exportHiddenInSigner: string
  // The confirmation asked before a sensitive signature (without the app's own `confirm`)
  confirmHeading: string
  confirmYes: string
  confirmCancel: string
  /** A part of the summary the kit could not check: `{what}`, e.g. the passkey name "Ada's phone". */
  confirmUnchecked: string
  confirmSend: string
  confirmReceive: string
  confirmFees: string
  confirmTo: string
  /** The quiet status after Cancel: nothing was signed. */
  confirmDeclined: string
  // Transaction history (`<wallet-transaction-list>`)
  /** The list's accessible name. */
  historyLabel: string
  historyLoading: string
  /** After the first page: `{count}` transactions. */
  historyShown: string
  /** After "Show more": `{count}` more. */
  historyMoreShown: string
  historyEmpty: string
  historyShowMore: string
  /** After a first page that failed: list again. */
  historyRetry: string
  /** Money out: `{amount}`. */
  historySent: string
  /** Money in: `{amount}`. */
  historyReceived: string
  /** A card transaction: `{amount}`. */
  historyCard: string
  /** A transaction the service gave no amount for. */
  historyNoAmount: string
  /** The receiver: `{party}` (a UMA address, or `historyAccount`). */
  historyTo: string
  /** The sender: `{party}`. */
  historyFrom: string
  /** A card's merchant: `{party}`. */
  historyAt: string
  /** Money added to the wallet from outside (real-time funding). */
  historyFromFunding: string
  /** An account as the transaction names it: `{account}`. */
  historyAccount: string
  historyStatusCreated: string
  historyStatusPending: string
  historyStatusPendingAuthorization: string
  historyStatusProcessing: string
  historyStatusCompleted: string
  historyStatusRejected: string
  historyStatusFailed: string
  historyStatusRefunded: string
  historyStatusExpired: string
  historyStatusAuthorized: string
  historyStatusPartiallySettled: string
  historyStatusSettled: string
  historyStatusException: string
  /** A status the kit does not know yet. */
  historyStatusOther: string
}

const SESSION_ENDED = 'Your session ended. Sign in again to continue.'
const TIMED_OUT = 'That request timed out. Please try again.'
const PROVIDER_SLOW = 'Your sign-in with the provider took too long. Please try again.'
const NOT_FROM_SERVICE = 'The code request did not come from the wallet service, so it was not used.'
const SITE_COULD_NOT_SIGN =
  'This site could not sign the request. Try again later, or contact the site if it keeps happening.'
const SITE_FAULT =
  'This site could not talk to the wallet service as it should. Try again later, or contact the site.'
const CHANGED = 'This changed in the meantime. Reload the page and try again.'
const GONE = 'This no longer exists. Reload the page and try again.'
const NOT_CONFIRMED = 'The payment could not be confirmed. Start it again.'
const SERVICE_DOWN = 'The wallet service is not available right now. Try again in a few minutes.'

/**
 * The English strings.
 *
 * @example
 * ```ts
 * defineWalletElements({ messages: { otpSendEmail: 'Send me a sign-in code' } })
 * ```
 */
export const defaultMessages: WalletMessages = {
  passkeySignIn: 'Sign in with a passkey',
  passkeyWaiting: 'Waiting for your passkey…',
  passkeyUnavailable: 'This browser cannot use passkeys. Use another way to sign in.',
  otpSendEmail: 'Email me a code',
  otpSendSms: 'Text me a code',
  otpSentEmail: 'We sent a {length}-digit code to your email.',
  otpSentSms: 'We sent a {length}-digit code by text message.',
  otpCodeLabel: 'Code',
  otpVerify: 'Verify',
  otpResend: 'Send a new code',
  otpResendIn: 'Send a new code in {seconds} s',
  otpStartOver: 'The code sent before can no longer be used. Send a new code.',
  otpHint: '',
  otpSendEmailTo: 'Email a code to {contact}',
  otpSendSmsTo: 'Text a code to {contact}',
  otpEmailLabel: 'Email address',
  otpPhoneLabel: 'Phone number',
  otpPhoneHint: 'With the country code, for example +44 7700 900123.',
  otpInSigner: 'Type it in the wallet window that opens over this page.',
  otpTypeInSigner: 'Type the code',
  otpSignerClosed:
    'The wallet window was closed before the code was typed. Open it again to type the code, or send a new code.',
  oauthSignIn: 'Sign in with your provider',
  signInHeading: 'Sign in',
  signInWith: 'Choose how to sign in.',
  methodEmail: 'Email code',
  methodSms: 'Text message code',
  methodPasskey: 'Passkey',
  methodOauth: 'Sign in with a provider',
  signedIn: 'You are signed in.',
  sessionEndsIn: 'Session ends in {time}.',
  sessionExpiringSoon: 'Your session ends soon. Refresh it to stay signed in.',
  sessionRefresh: 'Stay signed in',
  sessionSignOut: 'Sign out',
  sessionEnded: SESSION_ENDED,
  signedOut: 'You signed out. The session key was removed from this browser.',
  signedOutElsewhere: 'You signed out in another tab or window. Sign in again to continue.',
  scaHeading: 'Confirm it is you',
  scaCodeLabel: 'Confirmation code',
  scaConfirm: 'Confirm',
  scaPasskey: 'Confirm with a passkey',
  scaResend: 'Send the code again',
  exportWarning: 'Anyone who sees the recovery phrase controls the wallet. It is decrypted in this browser.',
  exportStart: 'Show recovery phrase',
  exportPhraseLabel: 'Recovery phrase',
  exportCopy: 'Copy',
  exportCopied: 'Copied. This page clears the clipboard when you hide the phrase, or shortly after.',
  exportHide: 'Hide',
  errorCode: 'Reference for support: {code}',
  errors: {
    // Sign-in
    WRONG_CODE: 'That code is not right. Check it and try again, or send a new code.',
    CODE_USED: 'That code was already used. Send a new code.',
    UNAUTHORIZED: 'The service did not accept this. Please sign in again.',
    RATE_LIMITED: 'Too many attempts. Try again in {seconds} seconds.',
    RATE_LIMITED_SOON: 'Too many attempts. Try again in a moment.',
    OTP_NOT_SENT: 'Send a code first: each code works once.',
    INVALID_OTP_CODE: 'Type all the digits of the code.',
    INVALID_EMAIL: 'Type the email address the codes should go to, like ada@example.com.',
    INVALID_PHONE: 'Type the phone number with its country code, like +44 7700 900123.',
    UNTRUSTED_SIGNER: NOT_FROM_SERVICE,
    BUNDLE_SIGNATURE_INVALID: NOT_FROM_SERVICE,
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'This passkey is already registered. Sign in with it.',
    PASSKEY_ALREADY_REGISTERED: 'This passkey is already registered on this device. Sign in with it.',
    PASSKEY_CANCELLED: 'The passkey request was closed. Try again, or use another way to sign in.',
    PASSKEY_ABORTED: 'The passkey request was stopped. Try again, or use another way to sign in.',
    PASSKEY_TIMEOUT: 'The passkey request timed out. Try again, or use another way to sign in.',
    PASSKEY_FAILED: 'The passkey did not work. Try again, or use another way to sign in.',
    PASSKEY_NOT_ON_DEVICE:
      'This passkey is not on this device. Use the device you created it on, or another way to sign in.',
    PASSKEY_NOT_SUPPORTED: 'This browser cannot use passkeys. Use another way to sign in.',
    PASSKEY_INVALID_DOMAIN: 'Passkeys do not work on this address. Use another way to sign in.',
    PASSKEY_ORIGIN_NOT_ALLOWED:
      'Passkeys for this account do not work on this page. Use another way to sign in.',
    INVALID_REGISTRATION: 'The passkey could not be added. Try adding it again.',
    OAUTH_CANCELLED: 'The sign-in with the provider was closed. Try again, or use another way to sign in.',
    OIDC_TOKEN_STALE: PROVIDER_SLOW,
    OIDC_TOKEN_EXPIRED: PROVIDER_SLOW,
    OIDC_TOKEN_MALFORMED: "The provider's answer could not be read. Please try again.",
    OIDC_TOKEN_NOT_YET_VALID: "Your device's clock looks wrong. Set it right and try again.",
    OIDC_NONCE_MISMATCH: 'The provider answered for another sign-in. Please try again.',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Sign-in by email is already on your account: use it to sign in.',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS:
      'Sign-in by text message is already on your account: use it to sign in.',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS:
      'That email address is already used to sign in elsewhere. Use another address.',
    // A contact change refused because another sign-in method has the number (the service's 409).
    PHONE_TAKEN: 'This phone number is already used for another sign-in method. Use another number.',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED: CHANGED,
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED: 'Your email sign-in could not be updated. Try again later.',
    USER_NOT_FOUND: 'No account was found for this sign-in. Check what you typed.',
    // The session: only the codes that mean it ended say so.
    WALLET_SIGNATURE_INVALID: SESSION_ENDED,
    SESSION_EXPIRED: SESSION_ENDED,
    NO_SESSION_KEY: 'You are not signed in on this browser. Sign in to continue.',
    INVALID_SIGNATURE: 'The service did not accept this request. Sign in again to continue.',
    SESSION_ID_UNKNOWN: 'This session cannot be changed from here. Sign in again to continue.',
    // The site's set-up (a header missing, a body changed on the way): nothing the person can fix.
    WALLET_SIGNATURE_MISSING: SITE_COULD_NOT_SIGN,
    WALLET_SIGNATURE_MALFORMED: SITE_COULD_NOT_SIGN,
    WALLET_SIGNATURE_BODY_MISMATCH: SITE_COULD_NOT_SIGN,
    REQUEST_ID_MISSING: SITE_FAULT,
    INVALID_ARGUMENT: SITE_FAULT,
    HTTP_ERROR: SITE_FAULT,
    INVALID_RESPONSE: SITE_FAULT,
    INVALID_HEX: SITE_FAULT,
    INVALID_BASE64URL: SITE_FAULT,
    INVALID_BASE58CHECK: SITE_FAULT,
    INVALID_PUBLIC_KEY: SITE_FAULT,
    INVALID_SIGNATURE_ENCODING: SITE_FAULT,
    INVALID_STAMP: SITE_FAULT,
    INVALID_TARGET_BUNDLE: SITE_FAULT,
    ORGANIZATION_MISMATCH: 'That answer was for another account, so it was not used. Sign in again.',
    DECRYPTION_FAILED: 'That answer could not be opened in this browser. Start again.',
    CRYPTO_UNAVAILABLE: 'This browser cannot do the encryption the wallet needs. Use another browser.',
    // Signed requests
    CHALLENGE_EXPIRED: TIMED_OUT,
    REQUEST_ID_REUSED: TIMED_OUT,
    SIGNED_RETRY_FAILED: 'This could not be finished. Try again later.',
    CONFIRMATION_DECLINED: 'Nothing was signed.',
    PAYLOAD_MISMATCH:
      'The server asked to sign something other than what you asked for, so nothing was signed.',
    FORBIDDEN: 'The signed-in account may not do this. Check that you signed in with the right account.',
    REFERENCE_NOT_FOUND: GONE,
    NETWORK_ERROR: 'The server could not be reached. Check the connection and try again.',
    INTERNAL_ERROR: SERVICE_DOWN,
    SERVICE_SWITCH_ERROR: SERVICE_DOWN,
    SERVICE_UNAVAILABLE: SERVICE_DOWN,
    BAD_GATEWAY: SERVICE_DOWN,
    // This browser and page
    STORAGE_BLOCKED: 'Another tab holds an older version of this page open. Close it and try again.',
    STORAGE_QUOTA_EXCEEDED: 'This browser is out of storage space for this site. Free some and try again.',
    STORAGE_FAILED: 'This browser could not store the session key. Check its storage settings.',
    PAGE_ERROR: 'Something went wrong on this page. Reload it and try again.',
    SIGNER_UNAVAILABLE: 'The wallet window could not be opened. Reload the page and try again.',
    SIGNER_REFUSED: 'The wallet window refused this: nothing was signed. Reload the page and try again.',
    // Payments (SCA step) and export reveal
    SCA_SESSION_REQUIRED: 'Before this payment can go, confirm it is you with a code sent to your phone.',
    INVALID_SCA_CODE: 'That code is not right. Check it and try again.',
    ACCOUNT_LOCKED: 'Too many wrong confirmations: the account is locked for a while.',
    SCA_CHALLENGE_EXPIRED: 'The confirmation step expired. Send the code again or start over.',
    SCA_CHALLENGE_MISSING: NOT_CONFIRMED,
    SCA_TOO_MANY_STEPS: NOT_CONFIRMED,
    QUOTE_EXPIRED: 'This quote expired. Get a new quote.',
    QUOTE_NOT_FOUND: 'This quote no longer exists. Get a new quote.',
    PAYMENT_FAILED: 'The payment failed. The money goes back to the wallet; get a new quote to try again.',
    DAILY_VOLUME_LIMIT_EXCEEDED: 'This goes over the daily payment limit. Send less, or wait until tomorrow.',
    AMOUNT_OUT_OF_RANGE: 'This amount cannot be sent. Change it and try again.',
    INVALID_STATE_TRANSITION: CHANGED,
    TRANSACTION_NOT_FOUND: GONE,
    TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: CHANGED,
    BENEFICIARY_TRUSTED: CHANGED,
    CONFLICT: CHANGED,
    INVALID_INPUT: 'The service could not accept what was sent. Check what you typed and try again.',
    UNSIGNED_EXPORT: 'The export did not come signed by the wallet service, so it was not opened.',
    INVALID_WALLET_EXPORT: SITE_FAULT,
    CLIPBOARD_FAILED: 'The phrase could not be copied. Write it down instead.',
    DEFAULT: 'That did not work. Please try again.',
  },
  // Sign-in, OAuth button and session status
  oauthSignInWith: 'Sign in with {provider}',
  oauthWaiting: 'Waiting for the provider…',
  signInAnotherWay: 'Use another way to sign in',
  sessionRefreshed: 'You stay signed in.',
  // SCA step (payments) and export reveal
  scaSummary: 'You pay {amount} to {receiver}.',
  scaReceives: 'They receive {amount}.',
  scaPay: 'Pay {amount}',
  scaCodeSent: 'We sent a {length}-digit code by text message. Type it to confirm the payment.',
  scaPasskeyAsk: 'Confirm the payment with your passkey.',
  scaResendIn: 'Send the code again in {seconds} s',
  scaResent: 'We sent the code again.',
  scaPaid: 'Paid: the money has arrived.',
  scaPending: 'Payment sent. It is on its way; this can take a moment.',
  scaConfirmInSigner:
    'Check the payment in the wallet window that opens over this page, and confirm it there.',
  scaLoginHeading: 'Confirm it is you before paying',
  scaLoginCodeLabel: 'Code from the text message',
  scaLoginStarting: 'Before this payment can go, we need to confirm it is you. Sending a code to your phone…',
  scaLoginCodeSent:
    'Before this payment can go, confirm it is you: we sent a {length}-digit code by text message. Type it here.',
  scaLoginSend: 'Send me a code',
  scaLoginDone: 'Thank you, that was you. Finishing the payment…',
  scaLoginPasskeyAsk: 'Before this payment can go, confirm it is you with your passkey.',
  scaLoginBySms: 'Text me a code instead',
  scaPhoneHeading: 'Confirm your mobile number before paying',
  scaPhoneAsk:
    'Before this payment can go, add your mobile number: payments are confirmed with a code sent to it by text message.',
  scaPhoneCodeSent:
    'Before this payment can go, confirm your mobile number: we sent a {length}-digit code to {phone}.',
  scaTypeHere: 'Type it here.',
  scaPhoneChange: 'Use another number',
  scaLockedUntil: 'You can try again after {time}.',
  exportShown: 'Recovery phrase shown. Write it down, then hide it.',
  exportHidden: 'Recovery phrase hidden. It is no longer on the page.',
  exportInSigner:
    'Confirm in the wallet window that opens over this page: the recovery phrase is shown there, never on this page.',
  exportHiddenInSigner: 'Recovery phrase hidden. It was shown in the wallet window only.',
  // The confirmation asked before a sensitive signature
  confirmHeading: 'Check this before you confirm',
  confirmYes: 'Confirm',
  confirmCancel: 'Cancel',
  confirmUnchecked: 'Not checked: {what}. Make sure it is what you expect.',
  confirmSend: 'You send',
  confirmReceive: 'They receive',
  confirmFees: 'Fees',
  confirmTo: 'To',
  confirmDeclined: 'Cancelled. Nothing was signed.',
  // Transaction history
  historyLabel: 'Transactions',
  historyLoading: 'Loading transactions…',
  historyShown: 'Transactions shown: {count}.',
  historyMoreShown: 'More transactions shown: {count}.',
  historyEmpty: 'No transactions yet. Money you send or receive will be listed here.',
  historyShowMore: 'Show more',
  historyRetry: 'Try again',
  historySent: 'Sent {amount}',
  historyReceived: 'Received {amount}',
  historyCard: 'Card payment of {amount}',
  historyNoAmount: 'an amount not given',
  historyTo: 'To {party}',
  historyFrom: 'From {party}',
  historyAt: 'At {party}',
  historyFromFunding: 'Added to your wallet',
  historyAccount: 'account {account}',
  historyStatusCreated: 'Started',
  historyStatusPending: 'Waiting to be sent',
  historyStatusPendingAuthorization: 'Waiting for you to confirm it',
  historyStatusProcessing: 'On its way',
  historyStatusCompleted: 'Completed',
  historyStatusRejected: 'Declined',
  historyStatusFailed: 'Failed',
  historyStatusRefunded: 'Refunded',
  historyStatusExpired: 'Expired before it was sent',
  historyStatusAuthorized: 'Approved, not yet charged',
  historyStatusPartiallySettled: 'Partly charged',
  historyStatusSettled: 'Charged',
  historyStatusException: 'Needs a check by support',
  historyStatusOther: 'Status not known yet',
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** `defaultMessages` with `overrides` on top (`errors` merged key by key). */
export function mergeMessages(base: WalletMessages, overrides: Partial<WalletMessages> = {}): WalletMessages {
  return { ...base, ...overrides, errors: { ...base.errors, ...overrides.errors } }
}
