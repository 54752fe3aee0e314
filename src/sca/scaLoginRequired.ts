import { isWalletAuthError, WalletAuthError } from '../errors.js'

/**
 * What a payment waits for when the service takes no proof before the customer's SCA login (its
 * 409 `SCA_SESSION_REQUIRED`: no SCA session, or it expired). The quote stays
 * `PENDING_AUTHORIZATION` with the same step open: log the customer in (`sca.startLogin`, then
 * `sca.completeLogin` with the person's code and `endUserIpAddress`), then call `quotes.execute`
 * (or `quotes.authorize`) again, which resumes the step; the code the person typed for it can be
 * given again while the step has not expired.
 */
export interface ScaLoginRequired {
  /** The quote waiting for the login. */
  quoteId: string
  /** The customer to log in, when the quote names it (`source.customerId`). */
  customerId?: string
  /** The open step whose proof was not taken. */
  scaChallengeId: string
}

/**
 * The login a payment waits for, when `error` is a payment's `SCA_SESSION_REQUIRED` from
 * `quotes.execute`, `quotes.authorize` or `quotes.create`; undefined for any other error.
 *
 * @example
 * ```ts
 * const login = scaLoginRequired(error)
 * if (login) {
 *   const started = await wallet.sca.startLogin(customerId, 'SMS_OTP')
 *   await wallet.sca.completeLogin(customerId, { started, code: await askForCode(), endUserIpAddress })
 *   await wallet.quotes.execute(login.quoteId, { onScaChallenge })
 * }
 * ```
 */
export function scaLoginRequired(error: unknown): ScaLoginRequired | undefined {
  if (!isWalletAuthError(error, 'SCA_SESSION_REQUIRED')) return undefined
  const { quoteId, customerId, scaChallengeId } = error.details ?? {}
  if (typeof quoteId !== 'string' || typeof scaChallengeId !== 'string') return undefined
  return { quoteId, scaChallengeId, ...(typeof customerId === 'string' ? { customerId } : {}) }
}

/**
 * The service's `SCA_SESSION_REQUIRED` for a payment, with what `scaLoginRequired` reads: the
 * quote, its customer and the open step. Any other error is returned as it is.
 *
 * @example
 * ```ts
 * catch (error) { throw withScaLogin(error, { quoteId: quote.id, scaChallengeId: step.challenge.id }) }
 * ```
 */
export function withScaLogin(error: unknown, login: ScaLoginRequired): unknown {
  if (!isWalletAuthError(error, 'SCA_SESSION_REQUIRED')) return error
  return new WalletAuthError(
    'SCA_SESSION_REQUIRED',
    'The customer must complete an SCA login before this payment can be authorized; then authorize it again.',
    { cause: error, status: error.status, details: { ...error.details, ...login } },
  )
}
