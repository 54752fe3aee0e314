import { iso, type SandboxContext } from '../context.js'
import { currencyView } from './currencies.js'
import type { QuoteRecord } from './moneyState.js'
import { quoteStatus } from './quoteStatus.js'
import { scaChallengeView } from './scaChallenges.js'

/**
 * A quote as the API shows it (the contract's Quote), at the sandbox's now: `transactionId` from
 * creation on; `scaChallenge` only while PENDING_AUTHORIZATION; an embedded-wallet source gets one
 * EMBEDDED_WALLET instruction with the `payloadToSign` its execution is stamped over; a
 * real-time-funded quote's instructions are withheld while its SCA is pending.
 *
 * @example
 * ```ts
 * return c.json(quoteView(ctx, quote), 201)
 * ```
 */
export function quoteView(ctx: SandboxContext, quote: QuoteRecord): Record<string, unknown> {
  const status = quoteStatus(ctx, quote)
  const { price } = quote
  const pending = status === 'PENDING_AUTHORIZATION'
  const paymentInstructions = quote.payloadToSign
    ? [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: quote.payloadToSign } }]
    : pending
      ? undefined
      : quote.fundingInstructions
  const challenge = pending ? quote.sca?.challenge : undefined
  return {
    id: quote.id,
    status,
    createdAt: iso(quote.createdAt),
    expiresAt: iso(quote.expiresAt),
    source: quote.source,
    destination: quote.destination,
    sendingCurrency: currencyView(quote.sendingCurrency),
    receivingCurrency: currencyView(quote.receivingCurrency),
    totalSendingAmount: price.totalSendingAmount,
    totalReceivingAmount: price.totalReceivingAmount,
    exchangeRate: price.exchangeRate,
    feesIncluded: price.feesIncluded,
    platformFeesIncluded: price.platformFeesIncluded,
    ...(paymentInstructions ? { paymentInstructions } : {}),
    transactionId: quote.transactionId,
    rateDetails: price.rateDetails,
    ...(challenge ? { scaChallenge: scaChallengeView(ctx, challenge) } : {}),
  }
}
