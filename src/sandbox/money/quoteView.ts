import { iso, type SandboxContext } from '../context.js'
import { currencyView } from './currencies.js'
import type { QuoteRecord } from './moneyState.js'
import { quoteStatus } from './quoteStatus.js'
import { scaChallengeView } from './scaChallenges.js'

/**
 * A quote as the API shows it (the spec's Quote), at the sandbox's now. `scaChallenge` only while
 * PENDING_AUTHORIZATION; a real-time-funding quote's `paymentInstructions` are withheld while SCA
 * is pending; an embedded-wallet source gets one EMBEDDED_WALLET instruction with the
 * `payloadToSign` of its execution; `transactionId` once executed.
 *
 * @example
 * ```ts
 * return c.json(quoteView(ctx, quote), 201)
 * ```
 */
export function quoteView(ctx: SandboxContext, quote: QuoteRecord): Record<string, unknown> {
  const status = quoteStatus(ctx, quote)
  const { price } = quote
  const paymentInstructions = quote.payloadToSign
    ? [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: quote.payloadToSign } }]
    : status === 'PENDING_AUTHORIZATION'
      ? undefined
      : quote.fundingInstructions
  return {
    id: quote.id,
    status,
    createdAt: iso(quote.createdAt),
    expiresAt: iso(quote.expiresAt),
    ...(quote.customerId ? { customerId: quote.customerId } : {}),
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
    ...(quote.transactionId ? { transactionId: quote.transactionId } : {}),
    rateDetails: price.rateDetails,
    ...(quote.description ? { description: quote.description } : {}),
    ...(status === 'PENDING_AUTHORIZATION' && quote.sca?.challenge
      ? { scaChallenge: scaChallengeView(ctx, quote.sca.challenge) }
      : {}),
  }
}
