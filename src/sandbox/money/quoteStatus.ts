import type { QuoteStatus } from '../../wire/quote.js'
import type { SandboxContext } from '../context.js'
import type { QuoteRecord } from './moneyState.js'
import { currentStep } from './transactions.js'

/**
 * The status of a quote at the sandbox's now: once executed, its transaction's (PROCESSING,
 * COMPLETED, FAILED); before, EXPIRED from `expiresAt` on, PENDING_AUTHORIZATION while an SCA step
 * is open, else PENDING.
 *
 * @example
 * ```ts
 * if (quoteStatus(ctx, quote) === 'EXPIRED') throw badRequest('QUOTE_EXPIRED', '…')
 * ```
 */
export function quoteStatus(ctx: SandboxContext, quote: QuoteRecord): QuoteStatus {
  const transaction = quote.transactionId ? ctx.store.money.transactions.get(quote.transactionId) : undefined
  if (transaction) {
    const { status } = currentStep(ctx, transaction)
    return status === 'PENDING' ? 'PROCESSING' : status
  }
  if (ctx.clock.now() >= quote.expiresAt) return 'EXPIRED'
  return quote.sca?.challenge ? 'PENDING_AUTHORIZATION' : 'PENDING'
}
