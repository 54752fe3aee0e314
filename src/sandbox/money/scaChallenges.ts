import { sha256Hex } from '../../crypto/sha256Hex.js'
import { iso, newId, type SandboxContext } from '../context.js'
import { invalidInput } from '../sandboxError.js'
import { enrolledFactors } from '../sca/enrolledFactors.js'
import { passkeyRequestOptions } from '../sca/passkeyRequestOptions.js'
import type { ScaPasskey } from '../sca/scaState.js'
import type { PaymentScaFactor, QuoteRecord, ScaChallengeRecord } from './moneyState.js'

/**
 * The authorizations a cross-currency real-time-funded quote needs, in order (spec "Rules for
 * status values" 4: one for the currency conversion, one for the payout). A pre-funded send
 * released by `/execute`, and a same-currency one, need a single undistinguished step.
 *
 * @example
 * ```ts
 * const steps = crossCurrency ? CROSS_CURRENCY_STEPS : SINGLE_STEP
 * ```
 */
export const CROSS_CURRENCY_STEPS: ReadonlyArray<string | undefined> = ['CURRENCY_CONVERSION', 'PAYOUT']

/** One authorization, with no purpose to tell steps apart. */
export const SINGLE_STEP: ReadonlyArray<string | undefined> = [undefined]

/** How long one SCA challenge can be authorized. Re-sending its code does not extend it. */
export const SCA_CHALLENGE_TTL_MS = 5 * 60_000

/**
 * The passkeys a customer can authorize a payment with: the one enrolled as its SCA factor through
 * `/sca/factors` (a passkey it signs in to its wallet with is not one until enrolled).
 *
 * @example
 * ```ts
 * const passkeys = scaPasskeys(ctx, quote.customerId)
 * ```
 */
export function scaPasskeys(ctx: SandboxContext, customerId: string | undefined): ScaPasskey[] {
  const passkey = customerId === undefined ? undefined : ctx.store.sca.get(customerId)?.passkey
  return passkey ? [passkey] : []
}

/**
 * The factors a payment challenge of this customer may be answered with: `SMS_OTP` to a verified
 * phone, `PASSKEY` when one is enrolled (TOTP cannot carry a payment's dynamic linking).
 *
 * @example
 * ```ts
 * paymentFactors(ctx, quote.customerId) // ['SMS_OTP', 'PASSKEY']
 * ```
 */
export function paymentFactors(ctx: SandboxContext, customerId: string | undefined): PaymentScaFactor[] {
  const customer = customerId === undefined ? undefined : ctx.store.customers.get(customerId)
  if (!customer) return []
  return enrolledFactors(ctx, customer).flatMap(({ factor }) => (factor === 'TOTP' ? [] : [factor]))
}

/**
 * The factor a challenge is issued for, from the request's `scaFactor`: by default `SMS_OTP` when
 * the customer's phone is verified, else its enrolled passkey. `TOTP` cannot carry the dynamic
 * linking of a payment, and a factor the customer does not have (an unverified phone, a passkey
 * not enrolled) cannot be used: both 400 `INVALID_INPUT`.
 *
 * @example
 * ```ts
 * const factor = pickScaFactor(ctx, quote.customerId, body.value.scaFactor)
 * ```
 */
export function pickScaFactor(
  ctx: SandboxContext,
  customerId: string | undefined,
  requested: string | null | undefined,
): PaymentScaFactor {
  if (requested === 'TOTP') throw invalidInput('TOTP cannot authorize a payment; use SMS_OTP or PASSKEY.')
  if (requested !== undefined && requested !== null && requested !== 'SMS_OTP' && requested !== 'PASSKEY') {
    throw invalidInput('scaFactor must be SMS_OTP, TOTP or PASSKEY.')
  }
  const available = paymentFactors(ctx, customerId)
  const factor = requested ?? available[0]
  if (factor === undefined) {
    throw invalidInput('The customer has no SCA factor: verify its phone or enrol a passkey first.')
  }
  if (!available.includes(factor)) {
    throw invalidInput(
      factor === 'SMS_OTP'
        ? 'The customer has no verified phone to send an SCA code to.'
        : 'The customer has no enrolled SCA passkey (enrol one through /sca/factors).',
    )
  }
  return factor
}

/**
 * Whether the quote pays an external account its customer trusts as a beneficiary (`…/trust`): such
 * a payment needs no per-payment SCA challenge.
 *
 * @example
 * ```ts
 * if (requiresSca(customer) && !paysTrustedBeneficiary(ctx, quote)) openChallenge()
 * ```
 */
export function paysTrustedBeneficiary(ctx: SandboxContext, quote: QuoteRecord): boolean {
  const destination = quote.resolvedDestination
  if (destination.kind !== 'EXTERNAL_ACCOUNT' || quote.customerId === undefined) return false
  const account = ctx.store.money.externalAccounts.get(destination.accountId)
  return account?.trusted === true && account.customerId === quote.customerId
}

/**
 * Opens an SCA challenge on a quote. Its WebAuthn challenge is the SHA-256 of a payload naming the
 * quote, the step and the amounts (PSD2 dynamic linking: the proof is for this payment). The code
 * is "sent" (logged) at once, and only to a verified phone.
 *
 * @example
 * ```ts
 * quote.sca.challenge = await issueScaChallenge(ctx, quote, { factor: 'SMS_OTP', purpose: 'PAYOUT', expiresAt })
 * ```
 */
export async function issueScaChallenge(
  ctx: SandboxContext,
  quote: QuoteRecord,
  options: { factor: PaymentScaFactor; purpose: string | undefined; expiresAt: number },
): Promise<ScaChallengeRecord> {
  const now = ctx.clock.now()
  const id = newId('ScaChallenge')
  const passkeys = scaPasskeys(ctx, quote.customerId)
  const availableFactors = paymentFactors(ctx, quote.customerId)
  const webauthnChallenge = await sha256Hex(
    JSON.stringify({
      organizationId: ctx.config.organizationId,
      parameters: {
        quoteId: quote.id,
        scaChallengeId: id,
        purpose: options.purpose ?? null,
        totalSendingAmount: quote.price.totalSendingAmount,
        sendingCurrency: quote.sendingCurrency,
        totalReceivingAmount: quote.price.totalReceivingAmount,
        receivingCurrency: quote.receivingCurrency,
        destination: quote.destination,
      },
      timestampMs: String(now),
      type: 'ACTIVITY_TYPE_AUTHORIZE_PAYMENT',
    }),
  )
  if (options.factor === 'SMS_OTP') {
    ctx.config.log(`sandbox: SCA code for ${quote.id} is 123456 (no SMS is sent)`)
  }
  return {
    id,
    issuedAt: now,
    lastSentAt: now,
    expiresAt: options.expiresAt,
    factor: options.factor,
    availableFactors,
    ...(options.purpose === undefined ? {} : { purpose: options.purpose }),
    webauthnChallenge,
    passkeys: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    failures: 0,
    lastFailureAt: 0,
  }
}

/**
 * An SCA challenge as the API shows it (ScaChallenge). A passkey challenge carries WebAuthn
 * request options whose challenge is `b64url(UTF-8(hex))`, as for sign-in challenges
 * (wire-formats section 7); per-payment challenges omit `passkeyAllowedOrigins`.
 *
 * @example
 * ```ts
 * const body = { ...quote, scaChallenge: scaChallengeView(ctx, challenge) }
 * ```
 */
export function scaChallengeView(
  ctx: SandboxContext,
  challenge: ScaChallengeRecord,
): Record<string, unknown> {
  return {
    id: challenge.id,
    expiresAt: iso(challenge.expiresAt),
    factor: challenge.factor,
    availableFactors: challenge.availableFactors,
    ...(challenge.purpose === undefined ? {} : { purpose: challenge.purpose }),
    ...(challenge.factor === 'PASSKEY'
      ? {
          passkeyAssertionOptions: passkeyRequestOptions(ctx, {
            webauthnChallenge: challenge.webauthnChallenge,
            allowed: challenge.passkeys,
            timeout: Math.max(0, challenge.expiresAt - ctx.clock.now()),
          }),
        }
      : {}),
  }
}
