import { WalletAuthError } from '../errors.js'
import { authorizeSca, type ScaAuthorization, type ScaStep } from '../sca/authorizeSca.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../stamp/stamp.js'
import { Quote } from '../wire/quote.js'
import type { ClientContext } from './clientContext.js'

/** Strong customer authentication and execution of quotes. */
export interface QuoteMethods {
  get(quoteId: string): Promise<Quote>
  /** Runs every SCA step of the quote: `onChallenge` gives the proof of each. */
  authorize(
    quoteId: string,
    options: { onChallenge: (step: ScaStep) => Promise<ScaAuthorization> },
  ): Promise<Quote>
  /**
   * Executes the quote. An embedded-wallet source is signed by the current session over the
   * quote's `payloadToSign`; the `Idempotency-Key` (a fresh one by default) makes a retry safe.
   */
  execute(quoteId: string, options?: { idempotencyKey?: string }): Promise<Quote>
}

/** The `quotes` methods of a client. */
export function createQuoteMethods(ctx: ClientContext): QuoteMethods {
  const path = (quoteId: string) => `/quotes/${encodeURIComponent(quoteId)}`
  const get = (quoteId: string) => ctx.call('GET', path(quoteId), { schema: Quote })
  return {
    get,
    async authorize(quoteId, { onChallenge }) {
      await ctx.clockOffsetMs()
      return authorizeSca({
        subject: await get(quoteId),
        onChallenge,
        authorize: (proof) => ctx.call('POST', `${path(quoteId)}/authorize`, { body: proof }),
        reload: () => get(quoteId),
        // Before the service's time is known, a step's expiry is left to the service.
        now: () => ctx.serviceNow() ?? Number.NEGATIVE_INFINITY,
      })
    },
    async execute(quoteId, options = {}) {
      const quote = await get(quoteId)
      const payloadToSign = quote.paymentInstructions
        ?.map((instructions) => instructions.accountOrWalletInfo)
        .find((info) => info.accountType === 'EMBEDDED_WALLET')?.payloadToSign
      const headers: Record<string, string> = {
        'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID(),
      }
      if (typeof payloadToSign === 'string') {
        const session = await ctx.signingSession()
        if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in to pay from the wallet.')
        headers[ctx.settings.headerName ?? WALLET_SIGNATURE_HEADER] = await stamp(payloadToSign, session.key)
      }
      return ctx.call('POST', `${path(quoteId)}/execute`, { headers, schema: Quote })
    },
  }
}
