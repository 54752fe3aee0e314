import { WalletAuthError } from '../errors.js'
import type { PasskeyAssertion } from '../wire/passkeyAssertion.js'
import type { ScaChallenge } from '../wire/scaChallenge.js'

/** A quote or transaction as far as the SCA loop reads it. */
export interface ScaSubject {
  status: string
  scaChallenge?: ScaChallenge | null
}

/** One step the user must authorize. */
export interface ScaStep {
  challenge: ScaChallenge
  /** 1 for the first step. */
  index: number
  /** An informational label (`CURRENCY_CONVERSION`, `PAYOUT`, … or a new one); never branch on it. */
  purpose: string | null
}

/**
 * The proof for one step (the service's `ScaAuthorization`): the code of an `SMS_OTP` or `TOTP`
 * step, or a passkey assertion with the origin it ran on; `endUserIpAddress` is the end user's
 * device address, for the service's risk assessment (never your server's).
 */
export type ScaAuthorization =
  | { code: string; endUserIpAddress?: string }
  | { passkeyAssertion: PasskeyAssertion; origin: string; endUserIpAddress?: string }

const isSubject = (value: unknown): value is ScaSubject =>
  typeof value === 'object' && value !== null && typeof (value as ScaSubject).status === 'string'

/** Options of `authorizeSca`. */
export interface AuthorizeScaOptions<T extends ScaSubject> {
  /** The quote or transaction, in `PENDING_AUTHORIZATION` or already past it. */
  subject: T
  /** Asks the user for the proof of one step, e.g. an SMS code field or `passkeyScaAuthorization`. */
  onChallenge: (step: ScaStep) => Promise<ScaAuthorization>
  /**
   * Submits a proof, e.g. `POST /quotes/{id}/authorize`. What it returns is taken as the updated
   * subject when it has a string `status` (the service answers the quote); otherwise `reload`
   * reads it.
   */
  authorize: (authorization: ScaAuthorization, step: ScaStep) => Promise<unknown>
  /** Re-reads the subject, e.g. `GET /quotes/{id}`; needed when `authorize` returns nothing. */
  reload?: () => Promise<T>
  /** Guard against a service that never leaves the state. Default 10. */
  maxSteps?: number
  /** Clock, for challenge expiry. Default `Date.now`. */
  now?: () => number
}

/**
 * Runs the strong-customer-authentication loop: while the subject is `PENDING_AUTHORIZATION`,
 * get the proof for its `scaChallenge` from `onChallenge`, submit it, take the updated subject,
 * repeat. The number of steps is the service's business (a cross-currency send needs two today).
 * Returns the subject once its status has left `PENDING_AUTHORIZATION`; what that status means
 * (released, completed, failed) is the caller's to read.
 *
 * @example
 * ```ts
 * const quote = await authorizeSca({
 *   subject: await getQuote(id),
 *   onChallenge: async ({ purpose }) => ({ code: await askForSmsCode(purpose) }),
 *   authorize: (proof) => post(`/quotes/${id}/authorize`, proof), // answers the updated quote
 * })
 * ```
 */
export async function authorizeSca<T extends ScaSubject>(options: AuthorizeScaOptions<T>): Promise<T> {
  const { onChallenge, authorize, reload, maxSteps = 10, now = Date.now } = options
  let subject = options.subject
  for (let index = 1; subject.status === 'PENDING_AUTHORIZATION'; index++) {
    if (index > maxSteps) {
      throw new WalletAuthError('SCA_TOO_MANY_STEPS', `Still pending after ${maxSteps} authorizations.`)
    }
    const challenge = subject.scaChallenge
    if (!challenge) {
      throw new WalletAuthError('SCA_CHALLENGE_MISSING', 'Pending authorization, but no scaChallenge.')
    }
    if (Date.parse(challenge.expiresAt) <= now()) {
      throw new WalletAuthError('SCA_CHALLENGE_EXPIRED', 'The authorization step has expired.')
    }
    const step: ScaStep = { challenge, index, purpose: challenge.purpose ?? null }
    const updated = await authorize(await onChallenge(step), step)
    if (isSubject(updated)) subject = updated as T
    else if (reload) subject = await reload()
    else throw new WalletAuthError('INVALID_ARGUMENT', 'authorize returned nothing and there is no reload.')
  }
  return subject
}
