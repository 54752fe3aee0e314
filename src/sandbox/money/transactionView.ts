import { iso, type SandboxContext } from '../context.js'
import { customerView } from '../customerView.js'
import { currencyView } from './currencies.js'
import { currentStep } from './currentStep.js'
import type { Money, TransactionRecord } from './moneyState.js'
import { quotePhase } from './quoteStatus.js'

/** The platform's own id for a transaction of no customer, the customer's own id otherwise. */
function platformCustomerId(ctx: SandboxContext, customerId: string): string {
  const customer = ctx.store.customers.get(customerId)
  if (!customer) return customerId
  const id = customerView(customer).platformCustomerId
  return typeof id === 'string' && id !== '' ? id : customer.id
}

/**
 * A transaction as the API shows it, at the sandbox's now (OutgoingTransaction or
 * IncomingTransaction): the status of its timeline, or before its money moves the status of its
 * quote (PENDING, PENDING_AUTHORIZATION, EXPIRED, or FAILED with `SCA_NOT_COMPLETED`); a failure
 * reason only when FAILED; `settledAt` once COMPLETED; the refund of a failed payment.
 *
 * @example
 * ```ts
 * c.json(transactionView(ctx, transaction))
 * ```
 */
export function transactionView(
  ctx: SandboxContext,
  transaction: TransactionRecord,
): Record<string, unknown> {
  const step = currentStep(ctx, transaction)
  const quote =
    transaction.quoteId === undefined ? undefined : ctx.store.money.quotes.get(transaction.quoteId)
  const phase = step ?? (quote ? quotePhase(ctx, quote) : { status: 'PENDING' as const })
  const failureReason = phase.status === 'FAILED' ? phase.failureReason : undefined
  const money = ({ amount, currency }: Money) => ({ amount, currency: currencyView(currency) })
  const outgoing = transaction.type === 'OUTGOING'
  const refund = phase.status === 'FAILED' ? transaction.refund : undefined
  const now = ctx.clock.now()
  return {
    id: transaction.id,
    type: transaction.type,
    direction: transaction.direction,
    status: phase.status,
    customerId: transaction.customerId,
    platformCustomerId: platformCustomerId(ctx, transaction.customerId),
    ...(transaction.quoteId ? { quoteId: transaction.quoteId } : {}),
    source: transaction.source,
    destination: transaction.destination,
    sentAmount: money(transaction.sent),
    receivedAmount: money(transaction.received),
    ...(transaction.exchangeRate === undefined ? {} : { exchangeRate: transaction.exchangeRate }),
    ...(transaction.fees === undefined ? {} : { fees: transaction.fees }),
    ...(outgoing && transaction.platformFees !== undefined ? { platformFees: transaction.platformFees } : {}),
    ...(outgoing && transaction.rateDetails ? { rateDetails: transaction.rateDetails } : {}),
    ...(transaction.description ? { description: transaction.description } : {}),
    ...(failureReason ? { failureReason } : {}),
    ...(refund
      ? {
          refund: {
            reference: `SBX-REFUND-${transaction.id.slice(-12).toUpperCase()}`,
            initiatedAt: iso(refund.at),
            status: refund.status === 'FAILED' ? 'FAILED' : refund.at <= now ? 'COMPLETED' : 'PENDING',
            ...(refund.status === 'COMPLETED' && refund.at <= now ? { settledAt: iso(refund.at) } : {}),
          },
        }
      : {}),
    createdAt: iso(transaction.createdAt),
    updatedAt: iso(Math.max(step?.at ?? transaction.createdAt, transaction.createdAt)),
    ...(step?.status === 'COMPLETED' ? { settledAt: iso(step.at) } : {}),
  }
}
