import type { QuoteStatus } from '../../wire/quote.js'
import type { SandboxContext } from '../context.js'
import { currentStep } from './currentStep.js'
import type { QuoteRecord } from './moneyState.js'

/** Where a quote stands before its money moves, and why it failed if it did. */
export interface QuotePhase {
  status: 'PENDING' | 'PENDING_AUTHORIZATION' | 'EXPIRED' | 'FAILED'
  failureReason?: string
}

/**
 * Where a quote stands before it is released: executed and waiting for SCA (FAILED with
 * `SCA_NOT_COMPLETED` once that challenge lapsed, no money moved), EXPIRED from `expiresAt` on,
 * PENDING_AUTHORIZATION while a challenge is open, else PENDING.
 *
 * @example
 * ```ts
 * quotePhase(ctx, quote).status // 'PENDING_AUTHORIZATION'
 * ```
 */
export function quotePhase(ctx: SandboxContext, quote: QuoteRecord): QuotePhase {
  const now = ctx.clock.now()
  const challenge = quote.sca?.challenge
  if (quote.executeRequested && challenge) {
    return now >= challenge.expiresAt
      ? { status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' }
      : { status: 'PENDING_AUTHORIZATION' }
  }
  if (now >= quote.expiresAt) return { status: 'EXPIRED' }
  return { status: challenge ? 'PENDING_AUTHORIZATION' : 'PENDING' }
}

/**
 * The status of a quote at the sandbox's now: once released, its transaction's (PROCESSING,
 * COMPLETED, FAILED); before, its phase (`quotePhase`).
 *
 * @example
 * ```ts
 * if (quoteStatus(ctx, quote) === 'EXPIRED') throw conflict('The quote expired.')
 * ```
 */
export function quoteStatus(ctx: SandboxContext, quote: QuoteRecord): QuoteStatus {
  const transaction = ctx.store.money.transactions.get(quote.transactionId)
  const step = transaction ? currentStep(ctx, transaction) : undefined
  if (step) return step.status === 'PENDING' ? 'PROCESSING' : step.status
  return quotePhase(ctx, quote).status
}
