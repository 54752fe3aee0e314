import { iso, type SandboxContext } from '../context.js'
import { notFound } from '../sandboxError.js'
import { announceBalance } from '../webhooks/accountEvents.js'
import { announceDueSteps, announceTransaction } from '../webhooks/transactionEvents.js'
import type { BalanceEffect, OutcomePlan, TransactionRecord, TransactionStep } from './moneyState.js'
import { findInternalAccount } from './requireInternalAccount.js'

/** What money moves when a transaction's timeline starts. */
export interface MoneyMovement {
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
 * c.json(accountView(requireInternalAccount(ctx, id)))
 * ```
 */
export function settleMoney(ctx: SandboxContext): void {
  const { money } = ctx.store
  announceDueSteps(ctx)
  if (money.pendingEffects.length === 0) return
  const now = ctx.clock.now()
  const due = money.pendingEffects.filter((effect) => effect.at <= now)
  if (due.length === 0) return
  money.pendingEffects = money.pendingEffects.filter((effect) => effect.at > now)
  for (const effect of due) {
    const account = findInternalAccount(ctx, effect.accountId)
    if (!account) continue
    account.balance += effect.amount
    account.updatedAt = iso(Math.max(effect.at, Date.parse(account.updatedAt)))
    announceBalance(ctx, account)
  }
}

/**
 * Stores a transaction whose money has not moved yet (a quote's, from the quote's creation).
 *
 * @example
 * ```ts
 * const transaction = createTransaction(ctx, { id: quote.transactionId, type: 'OUTGOING', … })
 * ```
 */
export function createTransaction(
  ctx: SandboxContext,
  fields: Omit<TransactionRecord, 'createdAt' | 'steps' | 'refund'>,
): TransactionRecord {
  const transaction: TransactionRecord = { ...fields, createdAt: ctx.clock.now(), steps: [] }
  ctx.store.money.transactions.set(transaction.id, transaction)
  return transaction
}

/**
 * Starts a transaction's timeline now: follows `plan`, debits the payer at once and schedules the
 * refund and the credit the plan implies.
 *
 * @example
 * ```ts
 * startTimeline(ctx, transaction, { plan: quoteOutcome(quote.resolvedDestination), debit })
 * ```
 */
export function startTimeline(
  ctx: SandboxContext,
  transaction: TransactionRecord,
  movement: MoneyMovement,
): void {
  const { plan, debit, credit } = movement
  const now = ctx.clock.now()
  const steps: TransactionStep[] = plan.steps.map(({ after, ...step }) => ({ at: now + after, ...step }))
  transaction.steps = steps
  const effects: BalanceEffect[] = []
  if (debit) {
    effects.push({ at: now, accountId: debit.accountId, amount: -debit.amount })
    if (plan.refundAfter !== undefined) {
      effects.push({ at: now + plan.refundAfter, accountId: debit.accountId, amount: debit.amount })
      transaction.refund = { at: now + plan.refundAfter, status: 'COMPLETED' }
    }
  }
  if (plan.refundFailed) {
    const failed = steps.find((step) => step.status === 'FAILED')
    transaction.refund = { at: failed?.at ?? now, status: 'FAILED' }
  }
  const completion = steps.find((step) => step.status === 'COMPLETED')
  if (credit && completion)
    effects.push({ at: completion.at, accountId: credit.accountId, amount: credit.amount })
  ctx.store.money.pendingEffects.push(...effects)
  announceTransaction(ctx, transaction)
  settleMoney(ctx)
}

/**
 * Creates a transaction and starts its timeline at once (transfers, incoming payments).
 *
 * @example
 * ```ts
 * const transaction = startTransaction(ctx, { id: newId('Transaction'), type: 'INCOMING', … }, { plan, credit })
 * ```
 */
export function startTransaction(
  ctx: SandboxContext,
  fields: Omit<TransactionRecord, 'createdAt' | 'steps' | 'refund'>,
  movement: MoneyMovement,
): TransactionRecord {
  const transaction = createTransaction(ctx, fields)
  startTimeline(ctx, transaction, movement)
  return transaction
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
