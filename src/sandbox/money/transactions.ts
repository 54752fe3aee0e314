import { iso, newId, type SandboxContext } from '../context.js'
import { notFound } from '../sandboxError.js'
import { currencyView } from './currencies.js'
import type { BalanceEffect, Money, OutcomePlan, TransactionRecord, TransactionStep } from './moneyState.js'

/** Options of `startTransaction`. */
export interface StartTransactionOptions
  extends Pick<
    TransactionRecord,
    | 'type'
    | 'customerId'
    | 'quoteId'
    | 'source'
    | 'destination'
    | 'sent'
    | 'received'
    | 'fees'
    | 'description'
  > {
  plan: OutcomePlan
  /** Taken from this internal account now, and given back at `plan.refundAfter` if the plan says so. */
  debit?: { accountId: string; amount: number }
  /** Given to this internal account when the transaction completes. */
  credit?: { accountId: string; amount: number }
}

/**
 * Applies every balance change that is due at the sandbox's now (refunds after failures, credits on
 * completion). Routes that show balances call it first, so time moved with `clock.advance` shows.
 *
 * @example
 * ```ts
 * settleMoney(ctx)
 * c.json(accountView(requireAccount(ctx, id)))
 * ```
 */
export function settleMoney(ctx: SandboxContext): void {
  const { money, accounts } = ctx.store
  if (money.pendingEffects.length === 0) return
  const now = ctx.clock.now()
  const due = money.pendingEffects.filter((effect) => effect.at <= now)
  if (due.length === 0) return
  money.pendingEffects = money.pendingEffects.filter((effect) => effect.at > now)
  for (const effect of due) {
    const account = accounts.get(effect.accountId)
    if (!account) continue
    account.balance += effect.amount
    account.updatedAt = iso(Math.max(effect.at, Date.parse(account.updatedAt)))
  }
}

/**
 * Creates a transaction whose timeline follows `plan` from now on, debits the payer at once and
 * schedules the refund and the credit the plan implies.
 *
 * @example
 * ```ts
 * const transaction = startTransaction(ctx, { type: 'OUTGOING', quoteId, source, destination, sent, received,
 *   plan: quoteOutcome(quote.resolvedDestination), debit: { accountId, amount: 10_000 } })
 * ```
 */
export function startTransaction(ctx: SandboxContext, options: StartTransactionOptions): TransactionRecord {
  const { plan, debit, credit, ...fields } = options
  const now = ctx.clock.now()
  const steps: TransactionStep[] = plan.steps.map(({ after, ...step }) => ({ at: now + after, ...step }))
  const transaction: TransactionRecord = { id: newId('Transaction'), ...fields, createdAt: now, steps }
  const effects: BalanceEffect[] = []
  if (debit) {
    effects.push({ at: now, accountId: debit.accountId, amount: -debit.amount })
    if (plan.refundAfter !== undefined) {
      effects.push({ at: now + plan.refundAfter, accountId: debit.accountId, amount: debit.amount })
    }
  }
  const completion = steps.find((step) => step.status === 'COMPLETED')
  if (credit && completion)
    effects.push({ at: completion.at, accountId: credit.accountId, amount: credit.amount })
  ctx.store.money.transactions.set(transaction.id, transaction)
  ctx.store.money.pendingEffects.push(...effects)
  settleMoney(ctx)
  return transaction
}

/**
 * The step of the transaction's timeline that holds at the sandbox's now.
 *
 * @example
 * ```ts
 * currentStep(ctx, transaction).status // 'PROCESSING', later 'COMPLETED'
 * ```
 */
export function currentStep(ctx: SandboxContext, transaction: TransactionRecord): TransactionStep {
  const now = ctx.clock.now()
  let current = transaction.steps[0] ?? { at: transaction.createdAt, status: 'PENDING' }
  for (const step of transaction.steps) if (step.at <= now) current = step
  return current
}

/**
 * The transaction, or 404 `TRANSACTION_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const transaction = requireTransaction(ctx, c.req.param('transactionId'))
 * ```
 */
export function requireTransaction(ctx: SandboxContext, id: string | undefined): TransactionRecord {
  const transaction = id === undefined ? undefined : ctx.store.money.transactions.get(id)
  if (!transaction) throw notFound('TRANSACTION_NOT_FOUND', 'Transaction not found.')
  return transaction
}

/**
 * A transaction as the API shows it, with its status at the sandbox's now.
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
  const money = ({ amount, currency }: Money) => ({ amount, currency: currencyView(currency) })
  return {
    id: transaction.id,
    type: transaction.type,
    status: step.status,
    ...(transaction.customerId ? { customerId: transaction.customerId } : {}),
    ...(transaction.quoteId ? { quoteId: transaction.quoteId } : {}),
    source: transaction.source,
    destination: transaction.destination,
    sentAmount: money(transaction.sent),
    receivedAmount: money(transaction.received),
    ...(transaction.fees === undefined ? {} : { fees: transaction.fees }),
    ...(transaction.description ? { description: transaction.description } : {}),
    ...(step.failureReason ? { failureReason: step.failureReason } : {}),
    createdAt: iso(transaction.createdAt),
    updatedAt: iso(Math.max(step.at, transaction.createdAt)),
    ...(step.status === 'COMPLETED' ? { settledAt: iso(step.at) } : {}),
  }
}
