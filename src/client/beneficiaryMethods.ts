import { WalletAuthError } from '../errors.js'
import type { ScaStep } from '../sca/authorizeSca.js'
import { passkeyScaAuthorization } from '../sca/passkeyScaAuthorization.js'
import { BeneficiaryTrustConfirm, BeneficiaryTrustStart } from '../wire/beneficiaryTrust.js'
import type { ClientContext } from './clientContext.js'
import type { ScaAnswer } from './quoteMethods.js'
import { relayConfirmedFetch } from './relayConfirmedFetch.js'

/** How a beneficiary's trust or untrust is answered. */
export interface BeneficiaryTrustOptions {
  /**
   * Asked once for the proof of the change's SCA challenge: the code the person received (or read
   * in their authenticator app), or `'passkey'` to run the passkey ceremony on this page (call
   * from a click handler), or a complete proof. As `quotes.execute`'s.
   */
  onScaChallenge: (step: ScaStep) => ScaAnswer | Promise<ScaAnswer>
  /** The origin a passkey runs on. Default `location.origin`. */
  origin?: string
}

/**
 * Trusted beneficiaries, for a customer who needs strong customer authentication (today: an EU
 * address; the others get the service's `CONFLICT`): payments to an external account the customer
 * trusts go without a per-payment code. Both changes take an SCA proof. Trusting is also
 * confirmed by the person (`confirm`, told which payee; in signer mode, in the signer's frame):
 * the relay forwards it only once the session signed its activity naming the account. A wrong or
 * expired code is the service's 400 (`INVALID_INPUT`): call again for a new challenge. A trusted
 * account cannot be deleted until it is untrusted (`BENEFICIARY_TRUSTED`).
 *
 * @example
 * ```ts
 * await wallet.beneficiaries.trust(externalAccountId, {
 *   onScaChallenge: async () => ({ code: await askForTheSmsCode() }),
 * })
 * ```
 */
export interface BeneficiaryMethods {
  /** Trusts one of the customer's external accounts: `{ trusted: true }`. */
  trust(externalAccountId: string, options: BeneficiaryTrustOptions): Promise<{ trusted: boolean }>
  /** Untrusts it, so payments to it ask for a code again: `{ trusted: false }`. */
  untrust(externalAccountId: string, options: BeneficiaryTrustOptions): Promise<{ trusted: boolean }>
}

// From plain JavaScript (or a page through the signer) anything may come: only text is sent.
function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '')
    throw new WalletAuthError('INVALID_ARGUMENT', `${what} must be text.`)
  return value
}

/** The proof members the confirm takes (BeneficiaryTrustConfirmRequest): a code, or a passkey's assertion and origin. */
async function proofOf(answer: ScaAnswer, step: ScaStep, origin: string | undefined) {
  if (answer === 'passkey') {
    const { passkeyAssertion, origin: ranOn } = await passkeyScaAuthorization(step.challenge, { origin })
    return { passkeyAssertion, origin: ranOn }
  }
  if (typeof answer === 'object' && answer !== null) {
    if ('code' in answer && typeof answer.code === 'string') return { code: answer.code }
    if ('passkeyAssertion' in answer && typeof answer.origin === 'string') {
      return { passkeyAssertion: answer.passkeyAssertion, origin: answer.origin }
    }
  }
  throw new WalletAuthError('INVALID_ARGUMENT', "onScaChallenge must answer { code }, 'passkey' or a proof.")
}

/**
 * The `beneficiaries` methods of a client (the relay's beneficiary trust routes).
 *
 * @example
 * ```ts
 * const beneficiaries = createBeneficiaryMethods(ctx)
 * await beneficiaries.untrust(externalAccountId, { onScaChallenge: () => ({ code }) })
 * ```
 */
export function createBeneficiaryMethods(ctx: ClientContext): BeneficiaryMethods {
  const relayConfirmed = relayConfirmedFetch(ctx)

  async function change(act: 'trust' | 'untrust', id: unknown, options: BeneficiaryTrustOptions | undefined) {
    const path = `/customers/external-accounts/${encodeURIComponent(text(id, 'The external account'))}/${act}`
    const onScaChallenge = options?.onScaChallenge
    if (typeof onScaChallenge !== 'function') {
      throw new WalletAuthError(
        'INVALID_ARGUMENT',
        'onScaChallenge must be a function: the person gives the proof.',
      )
    }
    const started = await ctx.call('POST', path, { schema: BeneficiaryTrustStart })
    const challenge = started.scaChallenge ?? undefined
    if (!challenge) {
      throw new WalletAuthError('SCA_CHALLENGE_MISSING', 'The service issued no challenge to answer.')
    }
    const step: ScaStep = { challenge, index: 1, purpose: challenge.purpose ?? null }
    const proof = await proofOf(await onScaChallenge(step), step, options?.origin)
    const confirmed = await ctx.call('POST', `${path}/confirm`, {
      body: { challengeId: challenge.id, ...proof },
      schema: BeneficiaryTrustConfirm,
      // Trusting lets payments go without a code: the person confirms it, as the relay requires.
      ...(act === 'trust' ? { fetch: relayConfirmed } : {}),
    })
    if (confirmed.trusted !== (act === 'trust')) {
      throw new WalletAuthError('INVALID_RESPONSE', `The service did not ${act} the beneficiary.`)
    }
    return { trusted: confirmed.trusted }
  }

  return {
    trust: (externalAccountId, options) => change('trust', externalAccountId, options),
    untrust: (externalAccountId, options) => change('untrust', externalAccountId, options),
  }
}
