import { WalletAuthError } from '../errors.js'
import { authorizeSca, type ScaAuthorization, type ScaStep } from '../sca/authorizeSca.js'
import { passkeyScaAuthorization } from '../sca/passkeyScaAuthorization.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../stamp/stamp.js'
import { Quote, type QuoteDestination, type QuoteSource } from '../wire/quote.js'
import type { ClientContext } from './clientContext.js'
import { paymentResult } from './paymentResult.js'

/**
 * The app's answer to one SCA step: the code the user typed (`SMS_OTP`, `TOTP`), `'passkey'` to
 * run the passkey ceremony on this page (a click handler's user activation helps), or a complete
 * `ScaAuthorization`.
 */
export type ScaAnswer = { code: string } | 'passkey' | ScaAuthorization

/** How the client answers SCA steps. */
export interface ScaOptions {
  /**
   * Asked for the proof of each step, in order, until the quote leaves `PENDING_AUTHORIZATION`.
   * Without it the quote comes back pending, to authorize later with `quotes.authorize`.
   */
  onScaChallenge?: (step: ScaStep) => ScaAnswer | Promise<ScaAnswer>
  /** The origin passkey steps run on. Default `location.origin`. */
  origin?: string
  /** The end user's device IP address, sent with each proof (never your server's). */
  endUserIpAddress?: string
}

/** The SCA factors a payment challenge may use (`TOTP` cannot carry the payment's details). */
export type PaymentScaFactor = 'SMS_OTP' | 'PASSKEY'

/** What `quotes.create` sends: the service's quote request; other members go as given. */
export interface QuoteRequest {
  source: QuoteSource
  destination: QuoteDestination
  lockedCurrencySide: 'SENDING' | 'RECEIVING'
  lockedCurrencyAmount: number
  [member: string]: unknown
}

/**
 * Where a payment stands after `quotes.execute`. Only `paid` means the money arrived: a released
 * transfer may still fail, and an authorized one is not paid.
 */
export interface PaymentResult {
  quote: Quote
  /** The status is `COMPLETED`. */
  paid: boolean
  /** The transfer was initiated (`PROCESSING` or `COMPLETED`). */
  released: boolean
  /** An SCA step is open (`PENDING_AUTHORIZATION`): authorize it, or execute again to resume. */
  awaitingAuthorization: boolean
}

/** Quotes: creation, strong customer authentication, execution. */
export interface QuoteMethods {
  /**
   * Creates a quote. `scaFactor` picks the factor of a challenge issued at creation (a
   * real-time-funding quote of a customer in an SCA region comes back `PENDING_AUTHORIZATION`,
   * its payment instructions withheld until authorized; with `onScaChallenge` the client
   * authorizes it here).
   */
  create(
    request: QuoteRequest,
    options?: ScaOptions & { scaFactor?: PaymentScaFactor; idempotencyKey?: string },
  ): Promise<Quote>
  get(quoteId: string): Promise<Quote>
  /**
   * Executes the quote: an embedded-wallet source is signed by the current session over the
   * quote's `payloadToSign`, and the `Idempotency-Key` (a fresh one by default) makes a retry
   * safe. For a customer in an SCA region the service answers `PENDING_AUTHORIZATION` and releases
   * nothing until the steps are authorized: with `onScaChallenge` the client runs them here.
   * Called on a quote already awaiting authorization, it resumes the steps instead of executing
   * again (which the service refuses).
   */
  execute(
    quoteId: string,
    options?: ScaOptions & { scaFactor?: PaymentScaFactor; idempotencyKey?: string },
  ): Promise<PaymentResult>
  /** Authorizes every open SCA step of the quote, asking `onScaChallenge` for each proof. */
  authorize(
    quoteId: string,
    options: ScaOptions & { onScaChallenge: NonNullable<ScaOptions['onScaChallenge']> },
  ): Promise<Quote>
  /** Sends the code of the quote's open `SMS_OTP` step again (its expiry does not move). */
  resend(quoteId: string): Promise<void>
}

async function toAuthorization(answer: ScaAnswer, step: ScaStep, options: ScaOptions) {
  const { origin, endUserIpAddress } = options
  const ip = endUserIpAddress === undefined ? {} : { endUserIpAddress }
  if (answer === 'passkey') return passkeyScaAuthorization(step.challenge, { origin, ...ip })
  if (typeof answer !== 'object' || answer === null) {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      "onScaChallenge must answer { code }, 'passkey' or a proof.",
    )
  }
  return { ...ip, ...answer } as ScaAuthorization
}

/** The `quotes` methods of a client. */
export function createQuoteMethods(ctx: ClientContext): QuoteMethods {
  const path = (quoteId: string) => `/quotes/${encodeURIComponent(quoteId)}`
  const get = (quoteId: string) => ctx.call('GET', path(quoteId), { schema: Quote })

  async function runSca(quote: Quote, options: ScaOptions) {
    const { onScaChallenge } = options
    if (quote.status !== 'PENDING_AUTHORIZATION' || !onScaChallenge) return quote
    await ctx.clockOffsetMs()
    return authorizeSca({
      subject: quote,
      onChallenge: async (step) => toAuthorization(await onScaChallenge(step), step, options),
      authorize: (proof) => ctx.call('POST', `${path(quote.id)}/authorize`, { body: proof, schema: Quote }),
      // Before the service's time is known, a step's expiry is left to the service.
      now: () => ctx.serviceNow() ?? Number.NEGATIVE_INFINITY,
    })
  }

  return {
    async create(request, options = {}) {
      const { scaFactor, idempotencyKey = crypto.randomUUID() } = options
      const quote = await ctx.call('POST', '/quotes', {
        body: { ...request, ...(scaFactor ? { scaFactor } : {}) },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: Quote,
      })
      return runSca(quote, options)
    },
    get,
    async authorize(quoteId, options) {
      return runSca(await get(quoteId), options)
    },
    async execute(quoteId, options = {}) {
      let quote = await get(quoteId)
      if (quote.status !== 'PENDING_AUTHORIZATION') {
        const payloadToSign = quote.paymentInstructions
          ?.map((instructions) => instructions.accountOrWalletInfo)
          .find((info) => info.accountType === 'EMBEDDED_WALLET')?.payloadToSign
        const headers: Record<string, string> = {
          'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID(),
        }
        if (typeof payloadToSign === 'string') {
          const session = await ctx.signingSession()
          if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in to pay from the wallet.')
          // The quote's own payload, as the service issued it: a transaction, of this organization.
          await ctx.expectActivity(payloadToSign, [{ type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }])
          headers[ctx.settings.headerName ?? WALLET_SIGNATURE_HEADER] = await stamp(
            payloadToSign,
            session.key,
          )
        }
        quote = await ctx.call('POST', `${path(quoteId)}/execute`, {
          headers,
          ...(options.scaFactor ? { body: { scaFactor: options.scaFactor } } : {}),
          schema: Quote,
        })
      }
      return paymentResult(await runSca(quote, options))
    },
    async resend(quoteId) {
      await ctx.call('POST', `${path(quoteId)}/authorize/resend`)
    },
  }
}
