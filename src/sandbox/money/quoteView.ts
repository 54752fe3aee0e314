import { iso, type SandboxContext } from '../context.js'
import { currencyView, requireCurrency } from './currencies.js'
import { fundingInstructions } from './fundingInstructions.js'
import { idToken } from './idToken.js'
import type { QuoteRecord } from './moneyState.js'
import { quoteStatus } from './quoteStatus.js'
import { scaChallengeView } from './scaChallenges.js'

// Where the wallet's transfer goes (Spark, the wallet's network), then what releases it: an
// integrator who takes only the first instruction finds no payload here, as with the service.
function walletInstructions(quote: QuoteRecord, payloadToSign: string): Array<Record<string, unknown>> {
  const deposit = fundingInstructions({
    currency: requireCurrency(quote.sendingCurrency),
    cryptoNetwork: 'SPARK',
    token: idToken(quote.id),
    isPlatformAccount: true,
  })
  return [
    ...deposit,
    {
      accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign },
      instructionsNotes: 'Stamp payloadToSign byte for byte; send the stamp with POST /quotes/{id}/execute.',
    },
  ]
}

/**
 * A quote as the API shows it (the contract's Quote), at the sandbox's now: `transactionId` from
 * creation on; `scaChallenge` only while PENDING_AUTHORIZATION; an embedded-wallet source gets two
 * instructions, as the service gives them: a SPARK_WALLET one (the quote's Spark deposit address
 * and asset) and then the EMBEDDED_WALLET one with the `payloadToSign` its execution is stamped
 * over; a real-time-funded quote's instructions are withheld while its SCA is pending.
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
    ? walletInstructions(quote, quote.payloadToSign)
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
