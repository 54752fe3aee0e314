import { WalletAuthError } from '../errors.js'
import { authorizeSca, type ScaAuthorization, type ScaStep } from '../sca/authorizeSca.js'
import { passkeyScaAuthorization } from '../sca/passkeyScaAuthorization.js'
import { withScaLogin } from '../sca/scaLoginRequired.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../stamp/stamp.js'
import { Quote, type QuoteDestination, type QuoteSource } from '../wire/quote.js'
import { checkCreatedQuote } from './checkCreatedQuote.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'
import { describeQuote } from './describeQuote.js'
import { createHeldQuotes } from './heldQuotes.js'
import { paymentResult } from './paymentResult.js'
import { quoteWalletPayload } from './quoteWalletPayload.js'

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
   * Creates a quote, refused (`PAYLOAD_MISMATCH`) when the answer is not the quote requested (its
   * source, destination or locked amount), and holds it: `get` and `execute` accept only this
   * same quote under its id. `scaFactor` picks the factor of a challenge issued at creation (a
   * real-time-funding quote of a customer in an SCA region comes back `PENDING_AUTHORIZATION`,
   * its payment instructions withheld until authorized; with `onScaChallenge` the client
   * authorizes it here).
   */
  create(
    request: QuoteRequest,
    options?: ScaOptions & { scaFactor?: PaymentScaFactor; idempotencyKey?: string },
  ): Promise<Quote>
  /**
   * Reads a quote, refused (`PAYLOAD_MISMATCH`) when the answer is another quote or differs from
   * the one this client created or read under that id (terms or payload to sign); then held.
   */
  get(quoteId: string): Promise<Quote>
  /**
   * Executes the quote: an embedded-wallet source is signed by the current session over the
   * quote's `payloadToSign`, only when the quote is the one held under `quoteId` (see `get`), its
   * source is the signed-in account, and its payload is a transaction of the session's
   * organization and wallet; `confirm` (else the client's) is asked with the quote's terms
   * (`describeQuote`) first. The `Idempotency-Key` (a fresh one by default) makes a retry
   * safe. For a customer in an SCA region the service answers `PENDING_AUTHORIZATION` and releases
   * nothing until the steps are authorized: with `onScaChallenge` the client runs them here.
   * Called on a quote already awaiting authorization, it resumes the steps instead of executing
   * again (which the service refuses); on an expired one it is `QUOTE_EXPIRED`, nothing signed.
   * When the service takes no proof before the customer's SCA login (`SCA_SESSION_REQUIRED`,
   * read with `scaLoginRequired(error)`), the step stays open: log in, then execute again.
   */
  execute(
    quoteId: string,
    options?: ScaOptions & { scaFactor?: PaymentScaFactor; idempotencyKey?: string; confirm?: ConfirmAction },
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
  const held = createHeldQuotes()
  const get = async (quoteId: string) =>
    held.hold(quoteId, await ctx.call('GET', path(quoteId), { schema: Quote }))

  /** The payment's signature header, for a quote whose payload binds what the user agreed to. */
  async function signPayment(quote: Quote, payloadToSign: string, confirm: ConfirmAction | undefined) {
    const session = await ctx.signingSession()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in to pay from the wallet.')
    if (quote.source.sourceType !== 'ACCOUNT' || quote.source.accountId !== session.accountId) {
      throw new WalletAuthError('PAYLOAD_MISMATCH', 'The quote pays from another account than the session.', {
        details: { field: 'quote.source' },
      })
    }
    // A transaction of this organization and of the wallet the session's activities named.
    const isWallet = (value: unknown) => typeof value === 'string' && value !== ''
    await ctx.expectActivity(payloadToSign, [
      { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', parameters: { signWith: isWallet } },
    ])
    await ctx.confirm(describeQuote(quote), confirm)
    return stamp(payloadToSign, session.key)
  }

  async function runSca(quote: Quote, options: ScaOptions) {
    const { onScaChallenge } = options
    if (quote.status !== 'PENDING_AUTHORIZATION' || !onScaChallenge) return quote
    await ctx.clockOffsetMs()
    return authorizeSca({
      subject: quote,
      onChallenge: async (step) => toAuthorization(await onScaChallenge(step), step, options),
      authorize: async (proof, step) => {
        try {
          return held.hold(
            quote.id,
            await ctx.call('POST', `${path(quote.id)}/authorize`, { body: proof, schema: Quote }),
          )
        } catch (error) {
          // No SCA session: a step of its own (log in, then resume), not a refused proof.
          const { customerId } = quote.source
          throw withScaLogin(error, {
            quoteId: quote.id,
            scaChallengeId: step.challenge.id,
            ...(typeof customerId === 'string' ? { customerId } : {}),
          })
        }
      },
      // Before the service's time is known, a step's expiry is left to the service.
      now: () => ctx.serviceNow() ?? Number.NEGATIVE_INFINITY,
    })
  }

  return {
    async create(request, options = {}) {
      const { scaFactor, idempotencyKey = crypto.randomUUID() } = options
      const created = await ctx.call('POST', '/quotes', {
        body: { ...request, ...(scaFactor ? { scaFactor } : {}) },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: Quote,
      })
      const quote = held.hold(created.id, checkCreatedQuote(request, created))
      return runSca(quote, options)
    },
    get,
    async authorize(quoteId, options) {
      return runSca(await get(quoteId), options)
    },
    async execute(quoteId, options = {}) {
      let quote = await get(quoteId)
      if (quote.status !== 'PENDING_AUTHORIZATION') {
        const payloadToSign = quoteWalletPayload(quote)
        const headers: Record<string, string> = {
          'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID(),
        }
        // Nothing is signed, nor asked, for a quote no longer open to execution.
        if (quote.status === 'EXPIRED')
          throw new WalletAuthError('QUOTE_EXPIRED', 'The quote expired: get a new one.')
        if (payloadToSign !== undefined) {
          headers[ctx.settings.headerName ?? WALLET_SIGNATURE_HEADER] = await signPayment(
            quote,
            payloadToSign,
            options.confirm,
          )
        }
        quote = held.hold(
          quoteId,
          await ctx.call('POST', `${path(quoteId)}/execute`, {
            headers,
            ...(options.scaFactor ? { body: { scaFactor: options.scaFactor } } : {}),
            schema: Quote,
          }),
        )
      }
      return paymentResult(await runSca(quote, options))
    },
    async resend(quoteId) {
      await ctx.call('POST', `${path(quoteId)}/authorize/resend`)
    },
  }
}
