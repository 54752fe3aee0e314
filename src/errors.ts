/**
 * Codes raised by the kit itself. Service error codes (from an Error body) are carried as they
 * came, so `WalletAuthErrorCode` also admits any other string without losing autocompletion.
 *
 * @example
 * ```ts
 * // A message of your own for every code the kit raises (a test can walk this list)
 * const missing = KIT_ERROR_CODES.filter((code) => !(code in mySentences))
 * ```
 */
export const KIT_ERROR_CODES = [
  // malformed input handed to the kit or received from the wire
  'INVALID_HEX',
  'INVALID_BASE64URL',
  'INVALID_BASE58CHECK',
  'INVALID_PUBLIC_KEY',
  'INVALID_SIGNATURE_ENCODING',
  'INVALID_STAMP',
  'INVALID_OTP_CODE',
  'INVALID_TARGET_BUNDLE',
  'INVALID_WALLET_EXPORT',
  // an export with empty dataSignature and enclaveQuorumPublic (the service's sandbox) without the opt-in
  'UNSIGNED_EXPORT',
  'INVALID_RESPONSE',
  'INVALID_ARGUMENT',
  // trust and cryptography
  'UNTRUSTED_SIGNER',
  'BUNDLE_SIGNATURE_INVALID',
  'ORGANIZATION_MISMATCH',
  'DECRYPTION_FAILED',
  'CRYPTO_UNAVAILABLE',
  // signed retry
  'CHALLENGE_EXPIRED',
  'REQUEST_ID_REUSED',
  'NO_SESSION_KEY',
  'SIGNED_RETRY_FAILED',
  // the payload to sign is not the activity the request meant (another type, organization, key…)
  'PAYLOAD_MISMATCH',
  // the app's confirm hook said no to what was about to be signed
  'CONFIRMATION_DECLINED',
  // the high-level client
  'OTP_NOT_SENT',
  'NETWORK_ERROR',
  'SESSION_ID_UNKNOWN',
  // the session ended (expired, revoked, signed out elsewhere): sign in again
  'SESSION_EXPIRED',
  // the relay's passkey registration check, and its challenge store failing or not answering
  'INVALID_REGISTRATION',
  'CHALLENGE_STORE_UNAVAILABLE',
  // the relay's shared ownership store failing or not answering (the relay then asks the service)
  'OWNERSHIP_STORE_UNAVAILABLE',
  // the relay's webhook verifier: a delivery whose signature is missing, malformed or wrong (answer 401)
  'WEBHOOK_SIGNATURE_INVALID',
  // key storage
  'STORAGE_FAILED',
  'STORAGE_BLOCKED',
  'STORAGE_QUOTA_EXCEEDED',
  // passkeys (WebAuthn DOMException names mapped to stable codes)
  'PASSKEY_CANCELLED',
  // no passkey this browser knows answered (it was made, or last used, on another device)
  'PASSKEY_NOT_ON_DEVICE',
  'PASSKEY_ABORTED',
  'PASSKEY_TIMEOUT',
  'PASSKEY_INVALID_DOMAIN',
  'PASSKEY_ALREADY_REGISTERED',
  'PASSKEY_NOT_SUPPORTED',
  'PASSKEY_ORIGIN_NOT_ALLOWED',
  'PASSKEY_FAILED',
  // OIDC pre-flight
  'OIDC_TOKEN_MALFORMED',
  'OIDC_TOKEN_STALE',
  'OIDC_TOKEN_EXPIRED',
  'OIDC_TOKEN_NOT_YET_VALID',
  'OIDC_NONCE_MISMATCH',
  // strong customer authentication
  'SCA_CHALLENGE_MISSING',
  'SCA_CHALLENGE_EXPIRED',
  'SCA_TOO_MANY_STEPS',
  // an HTTP error whose body was not a service Error object
  'HTTP_ERROR',
  // the elements (and `quotes.execute`, for an expired quote): something that is not a kit error (a
  // fault of the page or of the kit), a wrong SCA code (the service's INVALID_INPUT with its
  // reason), an expired quote, a failed payment, a clipboard that refused the phrase, a provider
  // closed without a token
  'PAGE_ERROR',
  'INVALID_SCA_CODE',
  'QUOTE_EXPIRED',
  'PAYMENT_FAILED',
  'CLIPBOARD_FAILED',
  'OAUTH_CANCELLED',
  // the isolated signer: its frame did not load or answer in time, or it refused a request
  'SIGNER_UNAVAILABLE',
  'SIGNER_REFUSED',
  // the testing entry: a test waited for a webhook that did not arrive in time
  'WEBHOOK_NOT_RECEIVED',
] as const

/** One of `KIT_ERROR_CODES`: a code the kit itself raises. */
export type KitErrorCode = (typeof KIT_ERROR_CODES)[number]

/**
 * Codes the service defines for the embedded-wallet, SCA and quote operations the kit runs (its
 * Error objects, by HTTP status). They arrive as they came, with `status`, `reason` and
 * `retryAfter` kept; any other service code is kept as a plain string.
 *
 * @example
 * ```ts
 * if (isWalletAuthError(error) && !SERVICE_ERROR_CODES.includes(error.code as ServiceErrorCode)) {
 *   report(error) // a code the kit does not know yet
 * }
 * ```
 */
export const SERVICE_ERROR_CODES = [
  // 400
  'INVALID_INPUT',
  'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS',
  'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
  'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
  // 401
  'UNAUTHORIZED',
  'INVALID_SIGNATURE',
  'WALLET_SIGNATURE_MISSING',
  'WALLET_SIGNATURE_MALFORMED',
  'WALLET_SIGNATURE_BODY_MISMATCH',
  'WALLET_SIGNATURE_INVALID',
  'REQUEST_ID_MISSING',
  // 403
  'FORBIDDEN',
  // 404
  'QUOTE_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'USER_NOT_FOUND',
  'REFERENCE_NOT_FOUND',
  // 409: an email or phone already on an OTP credential, the credential set changed under a signed
  // customer update, the SCA login session missing or expired, a quote in the wrong state, an
  // incoming payment no longer waiting for the platform's answer, a trusted payee deleted
  'EMAIL_OTP_EMAIL_ALREADY_EXISTS',
  'EMAIL_OTP_CREDENTIAL_SET_CHANGED',
  'SCA_SESSION_REQUIRED',
  'INVALID_STATE_TRANSITION',
  'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL',
  'BENEFICIARY_TRUSTED',
  'CONFLICT',
  // 423: too many failed authorizations; wait for the lock to expire
  'ACCOUNT_LOCKED',
  // 424: a tied OTP credential could not be updated (the customer is unchanged)
  'EMAIL_OTP_CREDENTIAL_SYNC_FAILED',
  // 429 (verify, authorize, resend, challenge; `retryAfter` in seconds)
  'RATE_LIMITED',
  'DAILY_VOLUME_LIMIT_EXCEEDED',
  // 5xx
  'INTERNAL_ERROR',
  'SERVICE_SWITCH_ERROR',
  'SERVICE_UNAVAILABLE',
] as const

/** One of `SERVICE_ERROR_CODES`: a code of the service's Error objects. */
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number]

/**
 * Every code a `WalletAuthError` may carry: the kit's own and the service's. `string & {}` keeps
 * unknown service codes assignable without collapsing the union to `string`.
 */
export type WalletAuthErrorCode = KitErrorCode | ServiceErrorCode | (string & {})

/** What a service error body and its response add to an error. */
export interface ServiceErrorFields {
  /** HTTP status of the response. */
  status?: number
  /** `details` of the Error object. */
  details?: Record<string, unknown>
  /** The sandbox's `reason` on authentication failures. */
  reason?: string
  /** Seconds from `Retry-After` (429 and some 503). */
  retryAfter?: number
}

/** Options of the `WalletAuthError` constructor. */
export interface WalletAuthErrorOptions extends ServiceErrorFields {
  cause?: unknown
}

/**
 * The one error type the kit throws. Branch on `code`, never on `message`.
 *
 * @example
 * ```ts
 * try {
 *   await signedFetch(url, init)
 * } catch (error) {
 *   if (error instanceof WalletAuthError && error.code === 'RATE_LIMITED') {
 *     showCountdown(error.retryAfter ?? 30)
 *   }
 * }
 * ```
 */
export class WalletAuthError extends Error {
  override readonly name = 'WalletAuthError'
  readonly code: WalletAuthErrorCode
  readonly status: number | undefined
  readonly details: Record<string, unknown> | undefined
  readonly reason: string | undefined
  readonly retryAfter: number | undefined

  constructor(code: WalletAuthErrorCode, message: string, options: WalletAuthErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = options.status
    this.details = options.details
    this.reason = options.reason
    this.retryAfter = options.retryAfter
  }
}

/**
 * Tells whether `error` is a kit error, optionally with one of the given codes.
 *
 * @example
 * ```ts
 * if (isWalletAuthError(error, 'PASSKEY_CANCELLED')) return // the user closed the dialog
 * ```
 */
export function isWalletAuthError(error: unknown, ...codes: WalletAuthErrorCode[]): error is WalletAuthError {
  return error instanceof WalletAuthError && (codes.length === 0 || codes.includes(error.code))
}
